import { describe, expect, it } from "vitest";
import { brandShades, contrastProblem, contrastRatio, mix } from "./colours";

describe("contrastRatio", () => {
  it.each([
    ["#ffffff", "#000000", 21],
    ["#000000", "#ffffff", 21],
    ["#ffffff", "#ffffff", 1],
    ["#ffffff", "#767676", 4.54],
    ["#ffffff", "#777777", 4.48],
    ["#1d42ad", "#ffffff", 8.62],
    ["#ffffff", "#2554d8", 6.29],
  ])("%s against %s is %s:1", (first, second, ratio) => {
    expect(contrastRatio(first, second)).toBeCloseTo(ratio, 2);
  });
});

describe("mix", () => {
  it.each([
    ["#000000", "#ffffff", 0, "#000000"],
    ["#000000", "#ffffff", 1, "#ffffff"],
    ["#000000", "#ffffff", 0.5, "#808080"],
    ["#1d42ad", "#000000", 0.35, "#132b70"],
  ])("%s to %s by %s is %s", (from, to, amount, expected) => {
    expect(mix(from, to, amount)).toBe(expected);
  });
});

describe("brandShades", () => {
  it("keeps primary as 700 and accent as 600, a light tint as 50 and a darker shade as 900", () => {
    const shades = brandShades({ primary: "#1d42ad", accent: "#2554d8" });
    expect(shades[700]).toBe("#1d42ad");
    expect(shades[600]).toBe("#2554d8");
    expect(contrastRatio(shades[50], "#ffffff")).toBeLessThan(1.2);
    expect(contrastRatio(shades[900], "#ffffff")).toBeGreaterThan(contrastRatio(shades[700], "#ffffff"));
  });
});

describe("contrastProblem", () => {
  it.each([
    // The default brand and the second brand the e2e builds pass.
    [{ primary: "#1d42ad", accent: "#2554d8" }, null],
    [{ primary: "#0b6b3a", accent: "#b4235a" }, null],
    // Black on white passes everything; white-ish fails the first pairing.
    [{ primary: "#000000", accent: "#000000" }, null],
    [
      { primary: "#ffcc00", accent: "#1d42ad" },
      /^white text on the primary \(buttons\): #ffffff on #ffcc00 .* under the 4.5:1/,
    ],
    // A primary that passes with white but not on its own tint.
    [{ primary: "#767676", accent: "#1d42ad" }, /^the primary on its tint/],
    // A pale accent fails the hover pairing.
    [{ primary: "#1d42ad", accent: "#7fa8ff" }, /^white text on the accent \(buttons on hover\)/],
  ])("%o → %s", (colours, expected) => {
    const problem = contrastProblem(colours);
    if (expected === null) expect(problem).toBeNull();
    else expect(problem).toMatch(expected);
  });
});
