import { describe, expect, it } from "vitest";
import { type RefundCandidate, refundEligibility, staffRefundEligibility } from "./refund-eligibility";

const paidAt = new Date("2026-11-01T12:00:00Z");
const first: RefundCandidate = { orderStatus: "active", paidAt, earlierPaidOrders: 0, otherRefunds: 0 };
const days = (n: number) => new Date(paidAt.getTime() + n * 86_400_000);

describe("refundEligibility", () => {
  it.each([
    { name: "a first purchase on its first day", window: 30, candidate: first, now: days(0), answer: "eligible" },
    {
      name: "a first purchase a minute before the end",
      window: 30,
      candidate: first,
      now: new Date(days(30).getTime() - 60_000),
      answer: "eligible",
    },
    {
      name: "a first purchase at the window's end",
      window: 30,
      candidate: first,
      now: days(30),
      answer: "window_over",
    },
    {
      name: "a first purchase after a 14-day window",
      window: 14,
      candidate: first,
      now: days(15),
      answer: "window_over",
    },
    { name: "any purchase with the window off (0)", window: 0, candidate: first, now: days(1), answer: "off" },
    { name: "any purchase with no promise (null)", window: null, candidate: first, now: days(1), answer: "off" },
    { name: "no purchase", window: 30, candidate: null, now: days(1), answer: "no_purchase" },
    {
      name: "a first purchase in cryptocurrency (support refunds it)",
      window: 30,
      candidate: { ...first, bySupport: true },
      now: days(1),
      answer: "crypto",
    },
    {
      name: "a refunded purchase in cryptocurrency",
      window: 30,
      candidate: { ...first, orderStatus: "refunded", bySupport: true },
      now: days(1),
      answer: "refunded",
    },
    {
      name: "an order not paid",
      window: 30,
      candidate: { ...first, orderStatus: "pending" },
      now: days(1),
      answer: "no_purchase",
    },
    {
      name: "a paid order without its payment time",
      window: 30,
      candidate: { ...first, paidAt: null },
      now: days(1),
      answer: "no_purchase",
    },
    {
      name: "a purchase refunded already",
      window: 30,
      candidate: { ...first, orderStatus: "refunded" },
      now: days(1),
      answer: "refunded",
    },
    {
      name: "a second purchase",
      window: 30,
      candidate: { ...first, earlierPaidOrders: 1 },
      now: days(1),
      answer: "not_first_purchase",
    },
    {
      name: "a purchase after a refund",
      window: 30,
      candidate: { ...first, earlierPaidOrders: 1, otherRefunds: 1 },
      now: days(1),
      answer: "second_refund",
    },
  ])("$name: $answer", ({ window, candidate, now, answer }) => {
    const result = refundEligibility(window, candidate, now);
    expect(result.eligible ? "eligible" : result.reason).toBe(answer);
  });

  it("gives the moment the window closes", () => {
    expect(refundEligibility(30, first, days(3))).toEqual({ eligible: true, until: days(30) });
  });
});

describe("staffRefundEligibility", () => {
  const now = new Date("2026-11-29T00:00:00Z");
  const paid = {
    orderStatus: "active",
    paidAt: new Date("2024-01-01T00:00:00Z"),
    earlierPaidOrders: 3,
    otherRefunds: 2,
  };
  it.each([
    ["a paid purchase, however old, after other purchases and refunds", paid, { eligible: true, until: now }],
    ["a refunded one", { ...paid, orderStatus: "refunded" }, { eligible: false, reason: "refunded" }],
    ["an unpaid one", { ...paid, orderStatus: "pending", paidAt: null }, { eligible: false, reason: "no_purchase" }],
    ["nothing", null, { eligible: false, reason: "no_purchase" }],
  ] as const)("%s", (_, candidate, expected) => {
    expect(staffRefundEligibility(candidate, now)).toEqual(expected);
  });
});
