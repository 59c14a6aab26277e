import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  razorpayEventKind,
  razorpayPeriod,
  razorpayPlanKey,
  razorpayProcessor,
  razorpayTotalCount,
  refundedInFull,
} from "./razorpay";

describe("razorpayPeriod", () => {
  it.each([
    [1, { period: "monthly", interval: 1 }],
    [6, { period: "monthly", interval: 6 }],
    [12, { period: "yearly", interval: 1 }],
    [18, { period: "monthly", interval: 18 }],
    [24, { period: "yearly", interval: 2 }],
  ] as const)("%i months → %o", (months, expected) => {
    expect(razorpayPeriod(months)).toEqual(expected);
  });
  it.each([0, -1, 1.5])("refuses %s months", (months) => {
    expect(() => razorpayPeriod(months)).toThrow("has no Razorpay period");
  });
});

describe("razorpayTotalCount", () => {
  it.each([
    [1, 120],
    [12, 10],
    [24, 5],
    [7, 18],
    [240, 1],
  ])("%i months → %i payments", (months, count) => {
    expect(razorpayTotalCount(months)).toBe(count);
  });
});

describe("razorpayEventKind", () => {
  it.each([
    ["subscription.charged", "payment"],
    ["subscription.cancelled", "canceled"],
    ["subscription.halted", "canceled"],
    ["subscription.pending", "payment_failed"],
    ["refund.processed", "refunded"],
    ["payment.dispute.created", "disputed"],
    ["refund.created", "ignored"],
    ["payment.dispute.won", "ignored"],
    ["subscription.activated", "ignored"],
    ["payment.captured", "ignored"],
    ["", "ignored"],
  ])("%s → %s", (event, kind) => {
    expect(razorpayEventKind(event)).toBe(kind);
  });
});

describe("refundedInFull", () => {
  it.each([
    [{ refund_status: "full", amount: 4788, amount_refunded: 4788 }, true],
    [{ refund_status: "partial", amount: 4788, amount_refunded: 2394 }, false],
    [{ refund_status: null, amount: 4788, amount_refunded: 0 }, false],
    [{ amount: 4788, amount_refunded: 4788 }, true],
    [{ amount: 0, amount_refunded: 0 }, false],
    [{}, false],
  ])("%j → %s", (payment, full) => {
    expect(refundedInFull(payment)).toBe(full);
  });
});

describe("razorpayPlanKey", () => {
  it("names the plan, currency, period and price", () => {
    expect(razorpayPlanKey({ planId: "1-year", currency: "inr", months: 12, amountMinor: 399900 })).toBe(
      "veilport:1-year:INR:12:399900",
    );
  });
});

describe("razorpayProcessor.parseWebhook", () => {
  const processor = razorpayProcessor({
    keyId: "rzp_test_x",
    keySecret: "s",
    webhookSecret: "whsec",
    environment: "test",
    apiBaseUrl: "http://127.0.0.1:9",
  });
  const sign = (body: string, secret = "whsec") => createHmac("sha256", secret).update(body).digest("hex");
  const cancelled = JSON.stringify({
    event: "subscription.halted",
    created_at: 1_700_000_000,
    payload: { subscription: { entity: { id: "sub_1", notes: { order_id: "ord_1" } } } },
  });

  it("maps a signed halt to renewal off, named by Razorpay's event id", async () => {
    const headers = new Headers({ "x-razorpay-signature": sign(cancelled), "x-razorpay-event-id": "evt_1" });
    expect(await processor.parseWebhook(cancelled, headers)).toEqual({
      eventId: "evt_1",
      orderId: "ord_1",
      subscriptionRef: "sub_1",
      environment: "test",
      event: { type: "canceled", at: new Date(1_700_000_000_000) },
    });
  });
  it.each([
    ["no signature", new Headers()],
    ["another secret's", new Headers({ "x-razorpay-signature": sign(cancelled, "other") })],
    ["a garbled one", new Headers({ "x-razorpay-signature": "zz" })],
  ])("refuses %s", async (_, headers) => {
    expect(await processor.parseWebhook(cancelled, headers)).toBeNull();
  });
  it("ignores a genuine event of another kind", async () => {
    const body = JSON.stringify({ event: "payment.authorized", payload: {} });
    expect(await processor.parseWebhook(body, new Headers({ "x-razorpay-signature": sign(body) }))).toBe("ignored");
  });
  it("refuses plan switches, naming Razorpay", async () => {
    await expect(processor.cancelPlanChange({} as never)).rejects.toThrow("Razorpay subscriptions cannot switch plans");
  });
  it("refuses to resume, saying Razorpay cannot undo a cancellation", async () => {
    await expect(processor.resumeSubscription("sub_1")).rejects.toThrow("Razorpay cannot undo the cancellation");
  });
});
