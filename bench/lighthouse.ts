/**
 * Lighthouse runs for the bench: the CLI in Debian's Chromium, mobile preset (Slow 4G, simulated
 * throttling), one fresh browser per run, the median run of several per page.
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { chromiumPath } from "../tests/e2e/chromium-path";
import { median } from "./cpu-slowdown";

export interface LighthouseReport {
  lighthouseVersion: string;
  environment?: { benchmarkIndex?: number };
  categories: Record<string, { score: number | null; auditRefs?: Array<{ id: string; weight: number }> }>;
  audits: Record<string, { displayValue?: string; numericValue?: number; score?: number | null }>;
}

/** What a page's median run says, in the units the budgets use. */
export interface PageScore {
  performance: number;
  /** Every run's performance score, in run order. */
  runs: number[];
  tbtMs: number;
  lcpMs: number;
  cls: number;
  /** Accessibility, best practices, SEO (when those categories were run). */
  others: number[];
  /** Weighted audits that cost accessibility, best-practices or SEO points, so a lost point can be traced. */
  lostPoints: string[];
  benchmarkIndexes: number[];
  report: LighthouseReport;
}

export const OTHER_CATEGORIES = ["accessibility", "best-practices", "seo"];

const lighthouseCli = path.resolve(import.meta.dirname, "../node_modules/lighthouse/cli/index.js");

function runOnce(url: string, extra: string[]): Promise<LighthouseReport> {
  return promisify(execFile)(
    process.execPath,
    [
      lighthouseCli,
      url,
      "--output=json",
      "--quiet",
      "--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run",
      ...extra,
    ],
    { env: { ...process.env, CHROME_PATH: chromiumPath() }, maxBuffer: 64 * 1024 * 1024 },
  ).then(({ stdout }) => JSON.parse(stdout) as LighthouseReport);
}

// Chromium sometimes fails to start right after the load runs: one retry before giving up.
const run = (url: string, extra: string[]) => runOnce(url, extra).catch(() => runOnce(url, extra));

const scoreOf = (report: LighthouseReport, id: string) => Math.round((report.categories[id]?.score ?? 0) * 100);

export function failedAudits(report: LighthouseReport, categories: string[]): string[] {
  return categories.flatMap((category) =>
    (report.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (report.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => ref.id),
  );
}

/** The median run (by performance score) of a set of runs of one page. */
export function summarise(reports: LighthouseReport[]): PageScore {
  const runs = reports.map((report) => scoreOf(report, "performance"));
  const performance = median(runs);
  const report = reports[runs.indexOf(performance)] as LighthouseReport;
  const numeric = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
  const withOthers = OTHER_CATEGORIES.filter((id) => id in report.categories);
  return {
    performance,
    runs,
    tbtMs: numeric("total-blocking-time"),
    lcpMs: numeric("largest-contentful-paint"),
    cls: numeric("cumulative-layout-shift"),
    others: withOthers.map((id) => scoreOf(report, id)),
    lostPoints: failedAudits(report, withOthers),
    benchmarkIndexes: reports.map((each) => each.environment?.benchmarkIndex ?? Number.NaN),
    report,
  };
}

/**
 * Runs Lighthouse on several URLs, interleaved (a, b, a, b, …) so that each URL's runs see the
 * same machine at the same minutes; returns one list of reports per URL.
 */
export async function runInterleaved(
  urls: Array<{ url: string; categories: string[]; headers?: Record<string, string> }>,
  runs: number,
  cpuSlowdown: number,
): Promise<LighthouseReport[][]> {
  const results: LighthouseReport[][] = urls.map(() => []);
  for (let round = 0; round < runs; round++) {
    for (const [index, { url, categories, headers }] of urls.entries()) {
      const report = await run(url, [
        `--only-categories=${categories.join(",")}`,
        `--throttling.cpuSlowdownMultiplier=${cpuSlowdown}`,
        ...(headers ? [`--extra-headers=${JSON.stringify(headers)}`] : []),
      ]);
      results[index]?.push(report);
    }
  }
  return results;
}
