import { describe, expect, it } from "vitest";
import { cpuSlowdownFor, median } from "./cpu-slowdown";

describe("cpuSlowdownFor", () => {
  it.each([
    [2000, 6],
    [1533, 4],
    [1300, 3],
    [922.5, 2.25],
    [800, 2],
    [150, 1],
    [50, 1],
  ])("benchmarkIndex %s gives %sx", (index, multiplier) => {
    expect(cpuSlowdownFor(index)).toBeCloseTo(multiplier, 1);
  });

  it("keeps Lighthouse's default when no index was measured", () => {
    expect(cpuSlowdownFor(Number.NaN)).toBe(4);
    expect(cpuSlowdownFor(0)).toBe(4);
  });
});

describe("median", () => {
  it("takes the middle run", () => {
    expect(median([91, 97, 95])).toBe(95);
    expect(median([3, 1, 2, 4])).toBe(2);
  });
});
