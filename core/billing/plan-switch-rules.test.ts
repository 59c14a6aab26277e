import { describe, expect, it } from "vitest";
import {
  prorationMoment,
  prorationQuote,
  QUOTE_VALIDITY_MS,
  type SwitchSubject,
  sandboxPeriodMs,
  switchRefusal,
} from "./plan-switch-rules";

const now = new Date("2026-11-20T12:00:00Z");
const later = new Date("2026-12-20T12:00:00Z");
const monthly: SwitchSubject = {
  status: "active",
  currentPeriodEnd: later,
  autoRenew: true,
  planId: "1-month",
  priceMinor: 1299,
  scheduledPlanId: null,
};
const yearly = { planId: "1-year", priceMinor: 7188 };
const cheaper = { planId: "cheap", priceMinor: 999 };

describe("switchRefusal", () => {
  it.each([
    { name: "an upgrade now", subject: monthly, target: yearly, timing: "now", answer: null },
    { name: "an upgrade at renewal", subject: monthly, target: yearly, timing: "at_renewal", answer: null },
    { name: "a cheaper plan at renewal", subject: monthly, target: cheaper, timing: "at_renewal", answer: null },
    { name: "a cheaper plan now", subject: monthly, target: cheaper, timing: "now", answer: "not_an_upgrade" },
    {
      name: "a plan of the same price now",
      subject: monthly,
      target: { planId: "other", priceMinor: 1299 },
      timing: "now",
      answer: "not_an_upgrade",
    },
    {
      name: "the same plan",
      subject: monthly,
      target: { planId: "1-month", priceMinor: 1299 },
      timing: "now",
      answer: "same_plan",
    },
    { name: "no subscription", subject: null, target: yearly, timing: "now", answer: "not_subscriber" },
    {
      name: "a subscription whose time is over",
      subject: { ...monthly, currentPeriodEnd: new Date("2026-11-01T00:00:00Z") },
      target: yearly,
      timing: "now",
      answer: "not_subscriber",
    },
    {
      name: "a refunded subscription",
      subject: { ...monthly, status: "expired" },
      target: yearly,
      timing: "now",
      answer: "not_subscriber",
    },
    {
      name: "a subscription past due",
      subject: { ...monthly, status: "past_due" },
      target: yearly,
      timing: "now",
      answer: "not_subscriber",
    },
    {
      name: "any switch of a subscription whose processor cannot switch plans (PayPal)",
      subject: { ...monthly, planChanges: false },
      target: yearly,
      timing: "at_renewal",
      answer: "processor_cannot_switch",
    },
    {
      name: "a plan not sold in the currency",
      subject: monthly,
      target: { planId: "1-year", priceMinor: null },
      timing: "now",
      answer: "not_sold_in_currency",
    },
    {
      name: "an upgrade now with renewal off (paid time left)",
      subject: { ...monthly, status: "canceled", autoRenew: false },
      target: yearly,
      timing: "now",
      answer: null,
    },
    {
      name: "a switch at renewal with renewal off",
      subject: { ...monthly, status: "canceled", autoRenew: false },
      target: yearly,
      timing: "at_renewal",
      answer: "renewal_off",
    },
    {
      name: "any switch while one is scheduled",
      subject: { ...monthly, scheduledPlanId: "2-years" },
      target: yearly,
      timing: "now",
      answer: "switch_pending",
    },
    {
      name: "an upgrade of a period paid in crypto",
      subject: { ...monthly, autoRenew: false, prepaid: true },
      target: yearly,
      timing: "now",
      answer: "prepaid",
    },
    {
      name: "a crypto period that is over",
      subject: { ...monthly, prepaid: true, currentPeriodEnd: now },
      target: yearly,
      timing: "now",
      answer: "not_subscriber",
    },
  ] as const)("$name: $answer", ({ subject, target, timing, answer }) => {
    expect(switchRefusal(subject, target, timing, now)).toBe(answer);
  });
});

describe("prorationQuote", () => {
  const month = sandboxPeriodMs(1);
  const endIn = (share: number) => new Date(now.getTime() + share * month);
  it.each([
    { name: "at the period's start", end: endIn(1), credit: 1299, due: 7188 - 1299 },
    { name: "half way", end: endIn(0.5), credit: 649, due: 7188 - 649 },
    { name: "a quarter left", end: endIn(0.25), credit: 324, due: 7188 - 324 },
    { name: "at the period's end", end: endIn(0), credit: 0, due: 7188 },
    { name: "with the end past (clock skew)", end: endIn(-0.1), credit: 0, due: 7188 },
  ])("$name: credit $credit, due $due", ({ end, credit, due }) => {
    const quote = prorationQuote({
      currentPriceMinor: 1299,
      currentMonths: 1,
      currentPeriodEnd: end,
      targetPriceMinor: 7188,
      targetMonths: 12,
      now,
    });
    expect(quote).toEqual({
      creditMinor: credit,
      amountDueMinor: due,
      periodEnd: new Date(now.getTime() + sandboxPeriodMs(12)),
    });
  });

  it("never charges below zero when the credit is larger than the new price", () => {
    const quote = prorationQuote({
      currentPriceMinor: 9000,
      currentMonths: 12,
      currentPeriodEnd: new Date(now.getTime() + sandboxPeriodMs(12)),
      targetPriceMinor: 1299,
      targetMonths: 1,
      now,
    });
    expect(quote.amountDueMinor).toBe(0);
    expect(quote.creditMinor).toBe(9000);
  });
});

describe("prorationMoment", () => {
  const ago = (ms: number) => new Date(now.getTime() - ms);
  it.each([
    { name: "no preview: now", quotedAt: undefined, expected: now },
    { name: "a preview a minute ago: the preview's", quotedAt: ago(60_000), expected: ago(60_000) },
    {
      name: "at the edge of validity: the preview's",
      quotedAt: ago(QUOTE_VALIDITY_MS),
      expected: ago(QUOTE_VALIDITY_MS),
    },
    { name: "an older preview: now (it would credit more time)", quotedAt: ago(QUOTE_VALIDITY_MS + 1), expected: now },
    { name: "a moment in the future: now", quotedAt: ago(-1000), expected: now },
    { name: "an invalid date: now", quotedAt: new Date(Number.NaN), expected: now },
  ])("$name", ({ quotedAt, expected }) => {
    expect(prorationMoment(quotedAt, now)).toEqual(expected);
  });
});
