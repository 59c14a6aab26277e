import { describe, expect, it } from "vitest";
import { eventMismatch, type OrderTerms } from "./event-checks";
import type { ProviderEvent } from "./providers/payment-provider";

const order: OrderTerms = { processor: "stripe", environment: "live", amount: 4999, currency: "USD", planId: "p12" };
const at = new Date("2026-11-27T10:00:00Z");
const paid = (overrides: Partial<ProviderEvent> = {}): ProviderEvent => ({
  eventId: "evt_1",
  orderId: "ord_1",
  subscriptionRef: "sub_1",
  environment: "live",
  charge: { amountMinor: 4999, currency: "usd", planId: "p12" },
  event: { type: "payment_succeeded", at, periodEnd: new Date("2027-11-27T10:00:00Z") },
  ...overrides,
});

describe("eventMismatch", () => {
  it.each<[string, string, ProviderEvent, RegExp | null]>([
    ["the order's own payment (currency in any case)", "stripe", paid(), null],
    [
      "a payment whose metadata names no plan",
      "stripe",
      paid({ charge: { amountMinor: 4999, currency: "USD" } }),
      null,
    ],
    ["another processor", "paddle", paid(), /processor paddle/],
    ["a test event for a live order", "stripe", paid({ environment: "test" }), /environment test/],
    ["the sandbox's event for a live order", "stripe", paid({ environment: "sandbox" }), /environment sandbox/],
    ["a smaller amount", "stripe", paid({ charge: { amountMinor: 1, currency: "USD", planId: "p12" } }), /amount 1 /],
    [
      "another currency",
      "stripe",
      paid({ charge: { amountMinor: 4999, currency: "EUR", planId: "p12" } }),
      /currency EUR/,
    ],
    ["another plan", "stripe", paid({ charge: { amountMinor: 4999, currency: "USD", planId: "p24" } }), /plan p24/],
    ["a payment without its amount", "stripe", paid({ charge: undefined }), /without its amount/],
    [
      "a cancellation of the right environment (no amount needed)",
      "stripe",
      paid({ charge: undefined, event: { type: "canceled", at } }),
      null,
    ],
    [
      "a cancellation from another environment",
      "stripe",
      paid({ environment: "test", charge: undefined, event: { type: "canceled", at } }),
      /environment test/,
    ],
  ])("%s", (_name, processor, event, expected) => {
    const answer = eventMismatch(order, processor, event);
    if (expected === null) expect(answer).toBeNull();
    else expect(answer).toMatch(expected);
  });
});

describe("eventMismatch after a plan switch (decision 037)", () => {
  const switched = [{ planId: "p24", amount: 7999 }];
  it.each<[string, ProviderEvent, RegExp | null]>([
    [
      "a renewal of the switched-to plan at its price",
      paid({ charge: { amountMinor: 7999, currency: "USD", planId: "p24" } }),
      null,
    ],
    ["a renewal at that price naming no plan", paid({ charge: { amountMinor: 7999, currency: "USD" } }), null],
    [
      "the switched-to plan at another price",
      paid({ charge: { amountMinor: 7000, currency: "USD", planId: "p24" } }),
      /amount 7000/,
    ],
    [
      "another currency at the switched price",
      paid({ charge: { amountMinor: 7999, currency: "EUR", planId: "p24" } }),
      /currency EUR/,
    ],
    ["the order's own terms still", paid(), null],
  ])("%s", (_name, event, expected) => {
    const answer = eventMismatch(order, "stripe", event, switched);
    if (expected === null) expect(answer).toBeNull();
    else expect(answer).toMatch(expected);
  });
});
