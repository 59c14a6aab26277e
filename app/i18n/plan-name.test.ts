import { describe, expect, it } from "vitest";
import { LOCALES } from "./locales";
import { planName, planTerm } from "./plan-name";

describe("planTerm", () => {
  it.each([
    [1, { count: 1, unit: "month" }],
    [6, { count: 6, unit: "month" }],
    [12, { count: 1, unit: "year" }],
    [18, { count: 18, unit: "month" }],
    [24, { count: 2, unit: "year" }],
  ])("%i months is %o", (months, expected) => {
    expect(planTerm(months)).toEqual(expected);
  });
});

describe("planName", () => {
  it.each([
    ["en", 1, "1 month"],
    ["en", 12, "1 year"],
    ["en", 24, "2 years"],
    ["de", 24, "2 Jahre"],
    ["ja", 12, "1 年"],
    ["fr", 1, "1 mois"],
  ] as const)("in %s, %i months reads %s", (locale, months, expected) => {
    expect(planName(months, locale).replace(/\s/gu, " ")).toBe(expected);
  });

  it("never shows a plan id in any language", () => {
    for (const { code } of LOCALES) {
      for (const months of [1, 12, 24]) expect(planName(months, code)).not.toMatch(/-(month|year)/);
    }
  });
});
