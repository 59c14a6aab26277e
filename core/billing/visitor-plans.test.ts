import { describe, expect, it } from "vitest";
import { askedCurrency } from "./visitor-plans";

describe("askedCurrency", () => {
  it.each([
    { requested: "GBP", remembered: "AUD", expected: "GBP" },
    { requested: undefined, remembered: "AUD", expected: "AUD" },
    { requested: "JPY", remembered: "CAD", expected: "CAD" },
    { requested: "gbp", remembered: undefined, expected: null },
    { requested: "constructor", remembered: "toString", expected: null },
    { requested: "", remembered: "", expected: null },
    { requested: null, remembered: null, expected: null },
  ])("$requested then $remembered -> $expected", ({ requested, remembered, expected }) => {
    expect(askedCurrency({ requested, remembered })).toBe(expected);
  });
});
