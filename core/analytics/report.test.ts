import { describe, expect, it } from "vitest";
import { conversionRate, reportDays, reportRangeSchema } from "./report";

const firstError = (input: unknown) => {
  const result = reportRangeSchema.safeParse(input);
  return result.success ? null : (result.error.issues[0]?.message ?? "?");
};

describe("report range", () => {
  it.each([
    [{ from: "2026-11-01", to: "2026-11-30" }, null],
    [{ from: "2026-11-01", to: "2026-11-01" }, null],
    [{ from: "2025-11-30", to: "2026-11-30" }, null],
    [{ from: "2024-01-01", to: "2024-12-31" }, null],
    [{ from: "2025-11-29", to: "2026-11-30" }, "range.too_long"],
    [{ from: "2026-11-30", to: "2026-11-01" }, "range.reversed"],
    [{ from: "2026-02-30", to: "2026-03-01" }, "date.invalid"],
    [{ from: "2026-11-1", to: "2026-11-30" }, "date.format"],
  ])("%j -> %s", (input, expected) => {
    expect(firstError(input)).toBe(expected);
  });

  it("lists every day, both ends included, across a month end", () => {
    expect(reportDays("2026-02-27", "2026-03-02")).toEqual(["2026-02-27", "2026-02-28", "2026-03-01", "2026-03-02"]);
    expect(reportDays("2026-11-01", "2026-11-01")).toEqual(["2026-11-01"]);
  });

  it("has no conversion rate without visitors", () => {
    expect(conversionRate(1, 4)).toBe(0.25);
    expect(conversionRate(0, 3)).toBe(0);
    expect(conversionRate(2, 0)).toBeNull();
  });
});
