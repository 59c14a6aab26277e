/** bench/budgets.json, typed, and the checks that turn a measurement into a verdict. */
import { readFileSync } from "node:fs";
import path from "node:path";

export type PageKind = "content" | "app";

export interface Budgets {
  /** `signedIn`: measured as a signed-in customer (the account area), on the bench's second server. */
  pages: Record<string, { kind: PageKind; jsKbGz?: number; cssKbGz?: number; signedIn?: boolean }>;
  lighthouse: {
    runs: number;
    cpuSlowdown: number;
    content: { performance: number; tbtMs: number; lcpMs: number; cls: number; maxGapToNoJs: number };
    app: { performance: number };
    others: number;
  };
  http: { prerendered: string; serverRendered: string; json: string; minPrerenderedToCeiling: number };
}

export function readBudgets(): Budgets {
  return JSON.parse(readFileSync(path.resolve(import.meta.dirname, "budgets.json"), "utf8")) as Budgets;
}

export interface LighthouseMeasure {
  performance: number;
  tbtMs: number;
  lcpMs: number;
  cls: number;
  /** Accessibility, best practices, SEO, in that order. */
  others: number[];
}

/**
 * What a page's median Lighthouse run misses of its budget, as short phrases ("TBT 310 ms > 50"),
 * empty when within. A content page is also held to its no-JS ceiling's score.
 */
export function lighthouseMisses(
  kind: PageKind,
  page: LighthouseMeasure,
  noJsPerformance: number | undefined,
  budgets: Budgets["lighthouse"],
): string[] {
  const misses: string[] = [];
  const minimum = budgets[kind].performance;
  if (page.performance < minimum) misses.push(`performance ${page.performance} < ${minimum}`);
  // App pages are noindex on purpose, which Lighthouse's SEO category counts against them.
  const held = kind === "app" ? page.others.slice(0, 2) : page.others;
  if (held.some((score) => score < budgets.others)) {
    misses.push(kind === "app" ? `a11y/BP below ${budgets.others}` : `a11y/BP/SEO below ${budgets.others}`);
  }
  if (kind === "content") {
    const content = budgets.content;
    if (!(page.tbtMs <= content.tbtMs)) misses.push(`TBT ${Math.round(page.tbtMs)} ms > ${content.tbtMs}`);
    if (!(page.lcpMs <= content.lcpMs))
      misses.push(`LCP ${(page.lcpMs / 1000).toFixed(1)} s > ${content.lcpMs / 1000}`);
    if (!(page.cls <= content.cls)) misses.push(`CLS ${page.cls.toFixed(3)} > ${content.cls}`);
    if (noJsPerformance === undefined) misses.push("no no-JS ceiling measured");
    else if (noJsPerformance - page.performance > content.maxGapToNoJs) {
      misses.push(`${noJsPerformance - page.performance} points under its no-JS ceiling`);
    }
  }
  return misses;
}

/** What a page's weight misses of its budget; a content page also may not inline loader data. */
export function weightMisses(
  budget: Budgets["pages"][string],
  weight: { jsKbGz: number; cssKbGz: number; inlineLoaderData: boolean },
): string[] {
  const misses: string[] = [];
  if (budget.jsKbGz !== undefined && weight.jsKbGz > budget.jsKbGz) misses.push(`JS > ${budget.jsKbGz} KB`);
  if (budget.cssKbGz !== undefined && weight.cssKbGz > budget.cssKbGz) misses.push(`CSS > ${budget.cssKbGz} KB`);
  if (budget.kind === "content" && weight.inlineLoaderData) misses.push("inline loader data");
  return misses;
}
