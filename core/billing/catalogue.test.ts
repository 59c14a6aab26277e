import { describe, expect, it } from "vitest";
import { currencyForCountry, headlineDiscount, toPlanItem } from "./catalogue";

describe("catalogue rules", () => {
  it.each([
    ["US", "USD"],
    ["gb", "GBP"],
    ["AU", "AUD"],
    ["CA", "CAD"],
    ["DE", "EUR"],
    ["fr", "EUR"],
    ["CH", "USD"],
    ["", "USD"],
    [undefined, "USD"],
  ])("country %s pays in %s", (country, currency) => {
    expect(currencyForCountry(country)).toBe(currency);
  });

  it("lifts a real discount to the floor, and shows none when nothing is discounted", () => {
    expect(headlineDiscount([{ discount_percent: "0%" }, { discount_percent: "73%" }], 59)).toBe(73);
    expect(headlineDiscount([{ discount_percent: "10%" }], 59)).toBe(59);
    expect(headlineDiscount([{ discount_percent: "10%" }], 0)).toBe(10);
    expect(headlineDiscount([{ discount_percent: "0%" }, { discount_percent: "0%" }], 59)).toBe(0);
    expect(headlineDiscount([], 59)).toBe(0);
  });

  it("builds the SPEC §3 plan item", () => {
    const item = toPlanItem(
      { id: "1-year", months: 12, deviceLimit: 8, isDefault: false },
      { listAmount: 12588, saleAmount: 3828, trialAmount: null },
      "GBP",
    );
    expect(item).toEqual({
      id: "1-year",
      months: 12,
      device_limit: 8,
      is_default: false,
      price_amount: 38.28,
      price_unit: 3.19,
      price_discount_amount: 125.88,
      price_deduction_amount: 87.6,
      trial_price: null,
      money: "38.28",
      currency: "GBP",
      currencySymbol: "£",
      // 69.59%: rounded down, never more than is saved.
      discount_percent: "69%",
    });
  });
});
