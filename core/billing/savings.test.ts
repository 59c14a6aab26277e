import { describe, expect, it } from "vitest";
import { DEFAULT_DISCOUNT_FLOOR_PERCENT, headlineSaving, savingPercent } from "./savings";

describe("savingPercent", () => {
  it.each([
    // list, sale, percent
    [15588, 4788, 69],
    [12588, 3828, 69], // 69.59%: rounded down, never a point more than is saved
    [31176, 8376, 73],
    [1299, 1299, 0],
    [1299, 1399, 0], // a sale price above the list price is no saving
    [1000, 999, 0], // 0.1%: nothing worth a claim
    [1000, 990, 1],
    [0, 0, 0],
  ])("list %i, sale %i saves %i%%", (list, sale, percent) => {
    expect(savingPercent(list, sale)).toBe(percent);
  });
});

describe("headlineSaving", () => {
  const floorOn = DEFAULT_DISCOUNT_FLOOR_PERCENT;
  const floorOff = 0;
  it.each([
    ["nothing discounted, floor on", [0, 0, 0], floorOn, 0],
    ["nothing discounted, floor off", [0, 0, 0], floorOff, 0],
    ["no plans, floor on", [], floorOn, 0],
    ["one plan discounted 10%, floor on: lifted to 59", [0, 10, 0], floorOn, 59],
    ["one plan discounted 10%, floor off: the real 10", [0, 10, 0], floorOff, 10],
    ["best above the floor, floor on", [0, 69, 73], floorOn, 73],
    ["best above the floor, floor off", [0, 69, 73], floorOff, 73],
    ["an operator's own floor of 20", [0, 5], 20, 20],
  ])("%s", (_, savings, floor, expected) => {
    expect(headlineSaving(savings, floor)).toBe(expected);
  });
});
