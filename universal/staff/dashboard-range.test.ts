import { describe, expect, it } from "vitest";
import { addDays, parseDashboardRange, presetRange, rangeDays, rangeLength, rangeProblem } from "./dashboard-range";

const TODAY = "2026-11-29";

describe("the dashboard's range from a query", () => {
  it.each([
    [{}, { ok: true, range: { from: "2026-10-31", to: TODAY } }],
    [{ days: "7" }, { ok: true, range: { from: "2026-11-23", to: TODAY } }],
    [{ days: "30" }, { ok: true, range: { from: "2026-10-31", to: TODAY } }],
    [{ days: "90" }, { ok: true, range: { from: "2026-09-01", to: TODAY } }],
    [{ days: "14" }, { ok: false, problem: "date" }],
    [{ days: "" }, { ok: false, problem: "date" }],
    [
      { from: "2026-11-01", to: "2026-11-30" },
      { ok: true, range: { from: "2026-11-01", to: "2026-11-30" } },
    ],
    [
      { from: "2026-11-05", to: "2026-11-05" },
      { ok: true, range: { from: "2026-11-05", to: "2026-11-05" } },
    ],
    [
      { from: "2025-11-30", to: "2026-11-30" },
      { ok: true, range: { from: "2025-11-30", to: "2026-11-30" } },
    ],
    [
      { from: "2024-01-01", to: "2024-12-31" },
      { ok: true, range: { from: "2024-01-01", to: "2024-12-31" } },
    ],
    [
      { from: "2025-11-29", to: "2026-11-30" },
      { ok: false, problem: "too_long" },
    ],
    [
      { from: "2026-11-30", to: "2026-11-01" },
      { ok: false, problem: "reversed" },
    ],
    [
      { from: "2026-02-30", to: "2026-03-01" },
      { ok: false, problem: "date" },
    ],
    [
      { from: "2026-11-1", to: "2026-11-30" },
      { ok: false, problem: "date" },
    ],
    [
      { from: "30/11/2026", to: "2026-11-30" },
      { ok: false, problem: "date" },
    ],
    [{ from: "2026-11-01" }, { ok: false, problem: "date" }],
    [{ to: "2026-11-01" }, { ok: false, problem: "date" }],
    [
      { from: "2026-11-01", to: "2026-11-30", days: "7" },
      { ok: false, problem: "date" },
    ],
  ])("%j -> %j", (query, expected) => {
    expect(parseDashboardRange(query, TODAY)).toEqual(expected);
  });
});

describe("day arithmetic in UTC", () => {
  it.each([
    ["2026-02-28", 1, "2026-03-01"],
    ["2024-02-28", 1, "2024-02-29"],
    ["2026-01-01", -1, "2025-12-31"],
    // Across Europe's change of clocks, still whole days.
    ["2026-10-24", 2, "2026-10-26"],
    ["2026-03-28", 2, "2026-03-30"],
  ] as const)("%s + %d = %s", (day, count, expected) => {
    expect(addDays(day, count)).toBe(expected);
  });

  it("lists every day of a range, both ends included", () => {
    expect(rangeDays({ from: "2026-02-27", to: "2026-03-02" })).toEqual([
      "2026-02-27",
      "2026-02-28",
      "2026-03-01",
      "2026-03-02",
    ]);
    expect(rangeLength({ from: "2026-11-01", to: "2026-11-01" })).toBe(1);
    expect(rangeLength(presetRange(90, TODAY))).toBe(90);
    expect(rangeProblem(presetRange(366, TODAY))).toBeNull();
    expect(rangeProblem(presetRange(367, TODAY))).toBe("too_long");
  });
});
