import { describe, expect, it } from "vitest";
import { CURRENCY_TABLE } from "../../content/currencies";
import { CURRENCIES, currencyForCountry, currencyTableProblems, FALLBACK_CURRENCY, isCurrency } from "./currencies";

describe("the operator's currencies (content/currencies.ts)", () => {
  it("hold no mistake", () => {
    expect(currencyTableProblems(CURRENCY_TABLE)).toEqual([]);
  });

  it("keep SPEC §3's symbols for the seed's four, USD first, and sell in euros", () => {
    expect(FALLBACK_CURRENCY).toBe("USD");
    expect(Object.fromEntries(Object.entries(CURRENCIES).map(([code, { symbol }]) => [code, symbol]))).toMatchObject({
      USD: "$",
      AUD: "A$",
      CAD: "CA$",
      GBP: "£",
      EUR: "€",
    });
  });

  it.each([
    ["DE", "EUR"],
    ["at", "EUR"],
    ["GB", "GBP"],
    ["US", "USD"],
    ["CH", "USD"],
    [null, "USD"],
  ])("a visitor from %s pays in %s", (country, currency) => {
    expect(currencyForCountry(country)).toBe(currency);
  });

  it.each([
    ["EUR", true],
    ["eur", false],
    ["JPY", false],
    ["constructor", false],
    [undefined, false],
  ])("%s is a currency we sell in: %s", (value, expected) => {
    expect(isCurrency(value)).toBe(expected);
  });
});

describe("currencyTableProblems", () => {
  it.each([
    [{ EUR: { symbol: "€", countries: ["DE"] } }, []],
    [{ eur: { symbol: "€", countries: ["DE"] } }, ["eur: not an ISO 4217 code (three capital letters)"]],
    [{ EUR: { symbol: " ", countries: [] } }, ["EUR: no symbol"]],
    [{ EUR: { symbol: "€", countries: ["Germany"] } }, ["EUR: Germany is not a country code (two capital letters)"]],
    [
      { EUR: { symbol: "€", countries: ["DE"] }, CHF: { symbol: "CHF ", countries: ["DE"] } },
      ["DE is priced in both EUR and CHF"],
    ],
    [{}, ["no currency"]],
  ])("%j: %j", (table, problems) => {
    expect(currencyTableProblems(table)).toEqual(problems);
  });
});
