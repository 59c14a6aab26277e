import { describe, expect, it } from "vitest";
import { localizePath } from "../../../universal/i18n/locales";
import { checkoutPath } from "./checkout-path";

describe("checkoutPath", () => {
  it.each([
    ["en", "1-year", "USD", "/pricing/checkout/1-year?currency=USD"],
    ["de", "2-years", "GBP", "/de/pricing/checkout/2-years?currency=GBP"],
    ["ar", "1-month", "AUD", "/ar/pricing/checkout/1-month?currency=AUD"],
  ] as const)("%s, %s in %s -> %s", (locale, plan, currency, expected) => {
    expect(checkoutPath((rest) => localizePath(rest, locale), plan, currency)).toBe(expected);
  });
});
