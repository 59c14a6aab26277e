import { describe, expect, it } from "vitest";
import { type CouponTerms, couponDiscount, couponRefusal, normaliseCouponCode } from "./coupon-terms";

const now = new Date("2026-11-28T12:00:00Z");
const base: CouponTerms = {
  code: "WELCOME",
  kind: "percent",
  percentOff: 20,
  amountOff: null,
  currency: null,
  planIds: null,
  startsAt: null,
  endsAt: null,
  maxRedemptions: null,
  redemptions: 0,
  firstPurchaseOnly: false,
};
const purchase = { planId: "1-year", currency: "USD", amountMinor: 5999, firstPurchase: true, now };

describe("couponDiscount", () => {
  it.each([
    ["20% of 59.99", { kind: "percent", percentOff: 20, amountOff: null }, 5999, 1200],
    ["15% of 12.99 rounds to the nearest cent", { kind: "percent", percentOff: 15, amountOff: null }, 1299, 195],
    ["33% of 1.00", { kind: "percent", percentOff: 33, amountOff: null }, 100, 33],
    ["5.00 off 59.99", { kind: "amount", percentOff: null, amountOff: 500, currency: "USD" }, 5999, 500],
    ["never more than the price", { kind: "amount", percentOff: null, amountOff: 9000, currency: "USD" }, 5999, 5999],
  ] as const)("%s", (_name, coupon, amount, expected) => {
    expect(couponDiscount(coupon as CouponTerms, amount)).toBe(expected);
  });
});

describe("couponRefusal", () => {
  it.each<[string, CouponTerms | undefined, Partial<typeof purchase>, ReturnType<typeof couponRefusal>]>([
    ["applies", base, {}, null],
    ["no such code", undefined, {}, "unknown"],
    ["before its window", { ...base, startsAt: new Date("2026-12-01T00:00:00Z") }, {}, "not_started"],
    ["from its start", { ...base, startsAt: now }, {}, null],
    ["at its end", { ...base, endsAt: now }, {}, "expired"],
    ["before its end", { ...base, endsAt: new Date(now.getTime() + 1000) }, {}, null],
    ["another plan", { ...base, planIds: ["1-month"] }, {}, "plan"],
    ["its plan", { ...base, planIds: ["1-month", "1-year"] }, {}, null],
    ["an amount in another currency", { ...base, kind: "amount", amountOff: 500, currency: "GBP" }, {}, "currency"],
    ["an amount in the currency", { ...base, kind: "amount", amountOff: 500, currency: "USD" }, {}, null],
    ["an amount that leaves nothing", { ...base, kind: "amount", amountOff: 5999, currency: "USD" }, {}, "plan"],
    ["limit reached", { ...base, maxRedemptions: 3, redemptions: 3 }, {}, "limit_reached"],
    ["one left", { ...base, maxRedemptions: 3, redemptions: 2 }, {}, null],
    [
      "first purchase only, bought before",
      { ...base, firstPurchaseOnly: true },
      { firstPurchase: false },
      "first_purchase",
    ],
    ["first purchase only, first", { ...base, firstPurchaseOnly: true }, {}, null],
    ["expired wins over plan", { ...base, endsAt: now, planIds: ["1-month"] }, {}, "expired"],
  ])("%s", (_name, coupon, change, expected) => {
    expect(couponRefusal(coupon, { ...purchase, ...change })).toBe(expected);
  });
});

describe("normaliseCouponCode", () => {
  it.each([
    [" welcome20 ", "WELCOME20"],
    ["black-friday_26", "BLACK-FRIDAY_26"],
    ["a", null],
    ["two words", null],
    ["", null],
    ["-lead", null],
  ])("%j -> %j", (input, expected) => {
    expect(normaliseCouponCode(input)).toBe(expected);
  });
});
