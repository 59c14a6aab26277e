import { describe, expect, it } from "vitest";
import { type Budgets, lighthouseMisses, weightMisses } from "./budgets";

const budgets: Budgets["lighthouse"] = {
  runs: 3,
  cpuSlowdown: 4,
  content: { performance: 99, tbtMs: 50, lcpMs: 1500, cls: 0.02, maxGapToNoJs: 1 },
  app: { performance: 95 },
  others: 100,
};
const good = { performance: 100, tbtMs: 0, lcpMs: 1100, cls: 0, others: [100, 100, 100] };

describe("lighthouseMisses", () => {
  it.each([
    ["a content page at its ceiling", "content", good, 100, []],
    ["a content page one point under its ceiling", "content", { ...good, performance: 99 }, 100, []],
    [
      "a content page two points under its ceiling",
      "content",
      { ...good, performance: 99 },
      101,
      ["2 points under its no-JS ceiling"],
    ],
    [
      "today's home page",
      "content",
      { performance: 75, tbtMs: 1900, lcpMs: 3100, cls: 0.05, others: [100, 100, 100] },
      100,
      [
        "performance 75 < 99",
        "TBT 1900 ms > 50",
        "LCP 3.1 s > 1.5",
        "CLS 0.050 > 0.02",
        "25 points under its no-JS ceiling",
      ],
    ],
    ["a content page without a ceiling", "content", good, undefined, ["no no-JS ceiling measured"]],
    ["a content page with no TBT figure", "content", { ...good, tbtMs: Number.NaN }, 100, ["TBT NaN ms > 50"]],
    ["an app page at 95 with a slow TBT", "app", { ...good, performance: 95, tbtMs: 400 }, undefined, []],
    ["an app page at 94", "app", { ...good, performance: 94 }, undefined, ["performance 94 < 95"]],
    ["an accessibility point lost", "app", { ...good, others: [98, 100, 100] }, undefined, ["a11y/BP below 100"]],
    ["an app page's SEO (noindex on purpose)", "app", { ...good, others: [100, 100, 66] }, undefined, []],
    ["a content page's SEO", "content", { ...good, others: [100, 100, 92] }, 100, ["a11y/BP/SEO below 100"]],
  ] as const)("%s", (_name, kind, page, ceiling, expected) => {
    expect(lighthouseMisses(kind, { ...page, others: [...page.others] }, ceiling, budgets)).toEqual(expected);
  });
});

describe("weightMisses", () => {
  it.each([
    ["within", { kind: "content", jsKbGz: 15 }, { jsKbGz: 12, cssKbGz: 9, inlineLoaderData: false }, []],
    ["JS over", { kind: "content", jsKbGz: 15 }, { jsKbGz: 128, cssKbGz: 9, inlineLoaderData: false }, ["JS > 15 KB"]],
    [
      "loader data on a content page",
      { kind: "content" },
      { jsKbGz: 0, cssKbGz: 9, inlineLoaderData: true },
      ["inline loader data"],
    ],
    [
      "loader data on an app page",
      { kind: "app", jsKbGz: 120 },
      { jsKbGz: 100, cssKbGz: 9, inlineLoaderData: true },
      [],
    ],
    ["CSS over", { kind: "app", cssKbGz: 20 }, { jsKbGz: 0, cssKbGz: 21, inlineLoaderData: false }, ["CSS > 20 KB"]],
  ] as const)("%s", (_name, budget, weight, expected) => {
    expect(weightMisses(budget, weight)).toEqual(expected);
  });
});
