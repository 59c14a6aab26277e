import { describe, expect, it } from "vitest";
import { isCurrencyChoice, plansQuery, rememberedCurrencyCookie } from "./currency-preference";

describe("plansQuery", () => {
  it.each([
    [{}, ""],
    [{ countryCode: "GB" }, "country=GB"],
    [{ remembered: "AUD", countryCode: "GB" }, "currency=AUD"],
    [{ linked: "CAD", remembered: "AUD", countryCode: "GB" }, "currency=CAD"],
    [{ linked: "JPY", remembered: "AUD", countryCode: "GB" }, "currency=AUD"],
    [{ remembered: "gbp", countryCode: "AU" }, "country=AU"],
    [{ remembered: "", countryCode: "" }, ""],
    [{ countryCode: "GBR" }, ""],
  ])("%o asks for %s", (input, expected) => {
    expect(plansQuery(input)).toBe(expected);
  });
});

describe("isCurrencyChoice", () => {
  it.each([
    ["USD", true],
    ["GBP", true],
    ["EUR", true],
    ["JPY", false],
    ["usd", false],
    [undefined, false],
  ])("%s is %s", (value, expected) => {
    expect(isCurrencyChoice(value)).toBe(expected);
  });
});

describe("rememberedCurrencyCookie", () => {
  it.each([
    ["https://x.test/pricing?currency=GBP", true, "currency=GBP; Path=/; Max-Age=31536000; SameSite=Lax; Secure"],
    ["http://x.test/de/pricing?currency=AUD", false, "currency=AUD; Path=/; Max-Age=31536000; SameSite=Lax"],
    ["https://x.test/pricing?currency=EUR", true, "currency=EUR; Path=/; Max-Age=31536000; SameSite=Lax; Secure"],
    ["https://x.test/pricing?currency=JPY", true, null],
    ["https://x.test/pricing?currency=gbp", true, null],
    ["https://x.test/pricing?currency=", true, null],
    ["https://x.test/pricing", true, null],
  ])("%s (secure %s) -> %s", (url, secure, expected) => {
    expect(rememberedCurrencyCookie(url, secure)).toBe(expected);
  });
});
