import { describe, expect, it } from "vitest";
import { checkoutAgainPath, successPath } from "./purchase-result";

describe("checkoutAgainPath", () => {
  it.each([
    [{ plan_id: "1-year", currency: "GBP" }, "/pricing/checkout/1-year?currency=GBP"],
    [{ plan_id: "2-years", currency: "AUD" }, "/pricing/checkout/2-years?currency=AUD"],
    [{ plan_id: "", currency: "USD" }, "/pricing"],
    [undefined, "/pricing"],
  ])("%o goes back to %s", (order, expected) => {
    expect(checkoutAgainPath(order)).toBe(expected);
  });
});

describe("successPath", () => {
  it("keeps the order and its provider", () => {
    expect(successPath("ord_1", "s1")).toBe("/paysuc?order=ord_1&provider=s1");
  });
});
