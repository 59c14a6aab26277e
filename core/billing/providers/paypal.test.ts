import { describe, expect, it } from "vitest";
import { minorOf, paypalEventKind, paypalFrequency, paypalProcessor, paypalValue, planKey } from "./paypal";

describe("PayPal amounts", () => {
  it.each([
    [4788, "USD", "47.88"],
    [5, "GBP", "0.05"],
    [100000, "EUR", "1000.00"],
    [1200, "JPY", "1200"],
    [990, "huf", "990"],
  ])("%i minor units of %s are %s", (minor, currency, value) => {
    expect(paypalValue(minor, currency)).toBe(value);
    expect(minorOf(value, currency)).toBe(minor);
  });

  it.each([[""], ["abc"], [undefined], [47.88]])("reads %j as no amount", (value) => {
    expect(minorOf(value, "USD")).toBeNaN();
  });
});

describe("PayPal billing frequency", () => {
  it.each([
    [1, "MONTH", 1],
    [12, "MONTH", 12],
    [24, "YEAR", 2],
    [36, "YEAR", 3],
  ])("%i months is every %s x%i", (months, unit, count) => {
    expect(paypalFrequency(months)).toEqual({ intervalUnit: unit, intervalCount: count });
  });

  it("refuses a period PayPal cannot bill (more than 12 months, not whole years)", () => {
    expect(() => paypalFrequency(18)).toThrow(/PayPal plan id/);
  });

  it("keys a plan by Veilport plan, currency and period", () => {
    expect(planKey({ planId: "1-year", currency: "eur", months: 12 })).toBe("veilport:1-year:EUR:12");
  });
});

describe("PayPal webhook kinds", () => {
  it.each([
    ["PAYMENT.SALE.COMPLETED", "payment"],
    ["PAYMENT.SALE.REVERSED", "reversed"],
    ["BILLING.SUBSCRIPTION.PAYMENT.FAILED", "payment_failed"],
    ["BILLING.SUBSCRIPTION.SUSPENDED", "canceled"],
    ["BILLING.SUBSCRIPTION.CANCELLED", "canceled"],
    ["BILLING.SUBSCRIPTION.ACTIVATED", "resumed"],
    ["BILLING.SUBSCRIPTION.RE-ACTIVATED", "resumed"],
    ["BILLING.SUBSCRIPTION.EXPIRED", "expired"],
    ["BILLING.SUBSCRIPTION.CREATED", "ignored"],
    ["PAYMENT.SALE.REFUNDED", "refund"],
    ["CHECKOUT.ORDER.APPROVED", "ignored"],
  ])("%s is %s", (type, kind) => {
    expect(paypalEventKind(type)).toBe(kind);
  });

  it("refuses a delivery without PayPal's signature headers, or one that is not JSON", async () => {
    const processor = paypalProcessor({
      clientId: "id",
      clientSecret: "secret",
      webhookId: "WH-1",
      environment: "test",
    });
    const body = JSON.stringify({ id: "WH-X", event_type: "PAYMENT.SALE.COMPLETED", resource: {} });
    expect(await processor.parseWebhook(body, new Headers({ "paypal-transmission-id": "x" }))).toBeNull();
    expect(await processor.parseWebhook("{not json", new Headers())).toBeNull();
  });
});
