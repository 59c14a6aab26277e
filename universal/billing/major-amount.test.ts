import { describe, expect, it } from "vitest";
import { majorAmountText, parseMajorAmount } from "./major-amount";

describe("parseMajorAmount", () => {
  it.each([
    ["47.88", 4788],
    ["47,88", 4788],
    [" 47.8 ", 4780],
    ["47", 4700],
    ["0", 0],
    ["0.05", 5],
    ["9999999.99", 999999999],
    ["", null],
    ["47.888", null],
    ["-1", null],
    ["1e3", null],
    ["4 788", null],
    ["47.", null],
    [".5", null],
    ["12345678", null],
  ])("%j → %s", (text, expected) => {
    expect(parseMajorAmount(text)).toBe(expected);
  });
});

describe("majorAmountText", () => {
  it.each([
    [4788, "47.88"],
    [500, "5.00"],
    [5, "0.05"],
    [0, "0.00"],
  ])("%s → %s", (amount, expected) => {
    expect(majorAmountText(amount)).toBe(expected);
    expect(parseMajorAmount(expected)).toBe(amount);
  });
});
