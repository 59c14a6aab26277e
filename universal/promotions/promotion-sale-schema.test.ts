import { describe, expect, it } from "vitest";
import { saleSchema, segmentSchema } from "./promotion-config.schema";

describe("a headline segment's text (decision 057)", () => {
  it.each([
    ["keeps a trailing space", { en: "Black Friday: " }, { en: "Black Friday: " }],
    ["keeps a leading space", { en: " off", de: " Rabatt" }, { en: " off", de: " Rabatt" }],
    ["refuses a blank text", { en: "   " }, null],
    ["refuses a missing English text", { de: "Rabatt" }, null],
    ["refuses a typed-in percentage", { en: "59% off" }, null],
  ])("%s", (_label, text, expected) => {
    const parsed = segmentSchema.safeParse({ text });
    expect(parsed.success ? parsed.data.text : null).toEqual(expected);
  });
});

describe("a promotion's sale", () => {
  const price = (plan_id: string, currency: string, amount: number) => ({ plan_id, currency, amount });
  it.each([
    ["sale prices", { kind: "prices", prices: [price("1-year", "USD", 3999), price("1-year", "EUR", 3699)] }, true],
    ["an automatic coupon", { kind: "coupon", coupon: "XMAS25" }, true],
    [
      "two prices for one plan and currency",
      { kind: "prices", prices: [price("1-year", "USD", 1), price("1-year", "USD", 2)] },
      false,
    ],
    ["a price of nothing", { kind: "prices", prices: [price("1-year", "USD", 0)] }, false],
    ["a fractional amount", { kind: "prices", prices: [price("1-year", "USD", 39.99)] }, false],
    ["an unknown currency", { kind: "prices", prices: [price("1-year", "XXX", 100)] }, false],
    ["no prices", { kind: "prices", prices: [] }, false],
    ["a lower-case coupon code", { kind: "coupon", coupon: "xmas" }, false],
    ["an unknown kind", { kind: "gift" }, false],
  ])("%s: %s", (_label, sale, valid) => {
    expect(saleSchema.safeParse(sale).success).toBe(valid);
  });
});
