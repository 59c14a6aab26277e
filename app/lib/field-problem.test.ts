import { describe, expect, it } from "vitest";
import { fieldProblem } from "./field-problem";

const valid = { typeMismatch: false, patternMismatch: false, tooLong: false };
const rules = { required: true, minLength: -1, maxLength: -1 };

describe("fieldProblem", () => {
  it.each([
    ["", valid, rules, "valueMissing"],
    ["   ", valid, rules, "valueMissing"],
    ["", valid, { ...rules, required: false }, null],
    ["a@b", { ...valid, typeMismatch: true }, rules, "typeMismatch"],
    ["A@B.COM", { ...valid, patternMismatch: true }, rules, "patternMismatch"],
    ["too short", valid, { ...rules, minLength: 20 }, "tooShort"],
    ["  nineteen chars....   ", valid, { ...rules, minLength: 20 }, "tooShort"],
    ["exactly twenty chars", valid, { ...rules, minLength: 20 }, null],
    ["abcdef", valid, { ...rules, maxLength: 5 }, "tooLong"],
    ["abc", { ...valid, tooLong: true }, rules, "tooLong"],
    ["fine", valid, rules, null],
  ] as const)("%j -> %s", (value, validity, given, expected) => {
    expect(fieldProblem(value, validity, given)).toBe(expected);
  });
});
