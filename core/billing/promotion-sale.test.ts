import { describe, expect, it } from "vitest";
import type { Promotion, PromotionConfig, Sale } from "../../universal/promotions/promotion-config";
import { autoCouponOf, saleInForce, salePriceFor, withSalePrice } from "./promotion-sale";

const prices: Sale = {
  kind: "prices",
  prices: [
    { plan_id: "1-year", currency: "USD", amount: 3999 },
    { plan_id: "1-year", currency: "EUR", amount: 3699 },
  ],
};
const coupon: Sale = { kind: "coupon", coupon: "XMAS25" };

const promotion = (id: string, overrides: Partial<Promotion>): Promotion => ({
  id,
  kind: "black-friday",
  startTime: "2026-11-27T00:00:00Z",
  endTime: "2026-12-01T00:00:00Z",
  isFestival: false,
  placeholders: {},
  href: "/pricing",
  ...overrides,
});
const config = (...promotions: Promotion[]): PromotionConfig => ({ promotions, popups: {} });

describe("which sale is in force, by the clock (window [start, end))", () => {
  const friday = config(promotion("bf", { sale: prices }));
  it.each([
    ["before the window", "2026-11-26T23:59:59.999Z", null],
    ["at its start", "2026-11-27T00:00:00Z", "bf"],
    ["inside it", "2026-11-29T12:00:00Z", "bf"],
    ["at its end (excluded)", "2026-12-01T00:00:00Z", null],
    ["after it", "2026-12-02T00:00:00Z", null],
  ])("%s: %s", (_label, now, expected) => {
    expect(saleInForce(friday, new Date(now))?.promotionId ?? null).toBe(expected);
  });

  it("skips open promotions without a sale and prefers a festival's", () => {
    const both = config(
      promotion("text-only", {}),
      promotion("plain", { sale: prices }),
      promotion("festival", { sale: coupon, isFestival: true }),
    );
    expect(saleInForce(both, new Date("2026-11-28T00:00:00Z"))).toEqual({ promotionId: "festival", sale: coupon });
    expect(saleInForce(config(promotion("text-only", {})), new Date("2026-11-28T00:00:00Z"))).toBeNull();
  });
});

describe("a sale's price per plan and currency", () => {
  it.each([
    [prices, "1-year", "USD", 3999],
    [prices, "1-year", "EUR", 3699],
    [prices, "1-year", "GBP", null],
    [prices, "1-month", "USD", null],
    [coupon, "1-year", "USD", null],
    [undefined, "1-year", "USD", null],
  ] as const)("%j %s %s → %s", (sale, plan, currency, expected) => {
    expect(salePriceFor(sale, plan, currency)).toBe(expected);
  });
});

describe("a sale price on a catalogue price", () => {
  const price = { listAmount: 15588, saleAmount: 4788, trialAmount: null };
  it.each([
    ["lowers the price", 3999, { ...price, saleAmount: 3999 }],
    ["never raises it", 5999, price],
    ["equal changes nothing", 4788, price],
    ["no sale price", null, price],
  ] as const)("%s", (_label, amount, expected) => {
    expect(withSalePrice(price, amount)).toEqual(expected);
  });
});

describe("the automatic coupon", () => {
  it.each([
    [coupon, "XMAS25"],
    [prices, null],
    [undefined, null],
  ] as const)("%j → %s", (sale, expected) => {
    expect(autoCouponOf(sale)).toBe(expected);
  });
});
