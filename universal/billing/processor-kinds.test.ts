import { describe, expect, it } from "vitest";
import { kindCurrencies, offerRefusal, processorName } from "./processor-kinds";

describe("offerRefusal", () => {
  const everywhere = { currencies: null, countries: null };
  const paddleLike = { currencies: ["USD", "EUR", "GBP"], countries: null };
  const indiaOnly = { currencies: ["USD", "EUR"], countries: ["IN"] };
  it.each([
    [everywhere, "EUR", "DE", null],
    [everywhere, "CAD", null, null],
    [paddleLike, "EUR", "DE", null],
    [paddleLike, "AUD", "AU", "currency"],
    [indiaOnly, "EUR", "DE", "country"],
    [indiaOnly, "EUR", "in", null],
    // An address nobody could place is no reason to refuse.
    [indiaOnly, "USD", null, null],
    [indiaOnly, "USD", "", null],
    // The currency is told first: the buyer can change it on the page.
    [indiaOnly, "CAD", "DE", "currency"],
  ] as const)("%j, %s from %s: %s", (offer, currency, country, refusal) => {
    expect(offerRefusal(offer, { currency, country })).toBe(refusal);
  });
});

describe("the processor kinds", () => {
  it.each([
    ["stripe", "Stripe"],
    ["paddle", "Paddle"],
    ["sandbox", "Sandbox"],
    ["someone", "someone"],
  ])("%s is named %s", (processor, name) => {
    expect(processorName(processor)).toBe(name);
  });

  it("take any currency (Stripe), a list (Paddle), or any when the sandbox stands in", () => {
    expect(kindCurrencies("stripe")).toBeNull();
    expect(kindCurrencies("paddle")).toEqual(expect.arrayContaining(["USD", "EUR", "GBP", "AUD", "CAD"]));
    expect(kindCurrencies(null)).toBeNull();
  });
});
