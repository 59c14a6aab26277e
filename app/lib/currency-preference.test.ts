import { describe, expect, it } from "vitest";
import { isCurrencyChoice, plansQuery } from "./currency-preference";

describe("plansQuery", () => {
  it.each([
    [{}, ""],
    [{ countryCode: "GB" }, "country=GB"],
    [{ remembered: "AUD", countryCode: "GB" }, "currency=AUD"],
    [{ linked: "CAD", remembered: "AUD", countryCode: "GB" }, "currency=CAD"],
    [{ linked: "EUR", remembered: "AUD", countryCode: "GB" }, "currency=AUD"],
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
    ["EUR", false],
    ["usd", false],
    [undefined, false],
  ])("%s is %s", (value, expected) => {
    expect(isCurrencyChoice(value)).toBe(expected);
  });
});
