import { describe, expect, it } from "vitest";
import { splitAtPrice } from "./split-at-price";

describe("splitAtPrice", () => {
  it.each([
    { phrase: "A$12.99 per month", price: "A$12.99", expected: ["", "A$12.99", " per month"] },
    { phrase: "月額CA$4.79", price: "CA$4.79", expected: ["月額", "CA$4.79", ""] },
    { phrase: "CA$4,79 شهريًا", price: "CA$4,79", expected: ["", "CA$4,79", " شهريًا"] },
    { phrase: "Oplata £65.88 co 12 mies.", price: "£65.88", expected: ["Oplata ", "£65.88", " co 12 mies."] },
    { phrase: "no price here", price: "$1", expected: ["no price here", "", ""] },
  ])("$phrase", ({ phrase, price, expected }) => {
    const { before, price: shown, after } = splitAtPrice(phrase, price);
    expect([before, shown, after]).toEqual(expected);
  });
});
