/**
 * The bench's Lighthouse table: every page at Lighthouse's plain mobile preset (4x CPU slowdown,
 * Slow 4G), each content page beside its no-JS ceiling scored in the same rounds, and the
 * calibrated slowdown of decision 016 as a second column (printed, not budgeted).
 */
import { type Budgets, lighthouseMisses, type PageKind } from "./budgets";
import { cpuSlowdownFor, median } from "./cpu-slowdown";
import { OTHER_CATEGORIES, type PageScore, runInterleaved, summarise } from "./lighthouse";
import { startNoJsServer } from "./no-js-ceiling";
import type { PageVisit } from "./page-weight";

/** The calibrated column is for reference: one run per page keeps the bench's length in check. */
const CALIBRATED_RUNS = 1;

/** A signed-in visit's cookies as the header Lighthouse sends with every request. */
const cookieHeader = ({ cookies }: PageVisit) =>
  cookies
    ? {
        Cookie: Object.entries(cookies)
          .map(([name, value]) => `${name}=${value}`)
          .join("; "),
      }
    : undefined;

/** Lighthouse's target for a visit: the page on its server, with its visitor's cookies. */
const target = (visit: PageVisit, categories: string[]) => ({
  url: `${visit.base}${visit.page}`,
  categories,
  headers: cookieHeader(visit),
});

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const millis = (ms: number) => `${Math.round(ms)} ms`;

/** Prints the section through `say`; returns whether every page is within its budget. */
export async function lighthouseSection(
  base: string,
  pages: Array<{ visit: PageVisit; kind: PageKind }>,
  budgets: Budgets["lighthouse"],
  say: (line?: string) => void,
): Promise<boolean> {
  const noJs = await startNoJsServer(base);
  const measured: Array<{
    visit: PageVisit;
    kind: PageKind;
    score?: PageScore;
    ceiling?: PageScore;
    error?: string;
  }> = [];
  try {
    for (const { visit, kind } of pages) {
      const targets: Array<{ url: string; categories: string[]; headers?: Record<string, string> }> = [
        target(visit, ["performance", ...OTHER_CATEGORIES]),
      ];
      if (kind === "content") targets.push({ url: `${noJs.origin}${visit.page}`, categories: ["performance"] });
      try {
        const [reports, ceilingReports] = await runInterleaved(targets, budgets.runs, budgets.cpuSlowdown);
        measured.push({
          visit,
          kind,
          score: summarise(reports ?? []),
          ceiling: ceilingReports ? summarise(ceilingReports) : undefined,
        });
      } catch (error) {
        measured.push({ visit, kind, error: (error as Error).message.split("\n")[0] });
      }
    }
  } finally {
    await noJs.close();
  }

  // Decision 016's calibration, from the benchmarkIndex every run above measured.
  const benchmarkIndex = median(measured.flatMap((each) => each.score?.benchmarkIndexes ?? []));
  const calibrated = cpuSlowdownFor(benchmarkIndex);
  const calibratedScores = new Map<string, PageScore>();
  for (const { visit, score } of measured) {
    if (!score) continue;
    const [reports] = await runInterleaved([target(visit, ["performance"])], CALIBRATED_RUNS, calibrated).catch(() => [
      undefined,
    ]);
    if (reports) calibratedScores.set(visit.page, summarise(reports));
  }

  const version = measured.find((each) => each.score)?.score?.report.lighthouseVersion ?? "?";
  const content = budgets.content;
  say(`## Lighthouse (mobile)`);
  say();
  say(
    `Lighthouse ${version}, mobile preset: Slow 4G (150 ms RTT, 1.6 Mbit/s), simulated throttling, plain ${budgets.cpuSlowdown}x CPU slowdown; ` +
      `median of ${budgets.runs} runs per page (by performance score). The no-JS ceiling is the same page's HTML with every script ` +
      `and module preload removed (same CSS, images and fonts), run in the same rounds as the page. ` +
      `Budgets: content pages performance >= ${content.performance}, TBT <= ${content.tbtMs} ms, LCP <= ${content.lcpMs / 1000} s, ` +
      `CLS <= ${content.cls}, within ${content.maxGapToNoJs} point of their no-JS ceiling; app pages performance >= ${budgets.app.performance}; ` +
      `accessibility and best practices ${budgets.others}, SEO too on content pages (app pages are noindex on purpose).`,
  );
  say();
  say(
    `Second column, not budgeted: this machine's benchmarkIndex is ${Math.round(benchmarkIndex)} (median of the runs above), ` +
      `which decision 016's calibration turns into a ${calibrated}x slowdown (${CALIBRATED_RUNS} run per page).`,
  );
  say();
  say(
    `| page | kind | performance ${budgets.cpuSlowdown}x (runs) | no-JS ceiling (runs) | gap | TBT | LCP | CLS | A11y | BP | SEO | at ${calibrated}x | verdict |`,
  );
  say(`|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|`);
  let within = true;
  const lostPoints: string[] = [];
  for (const {
    visit: { page },
    kind,
    score,
    ceiling,
    error,
  } of measured) {
    if (!score) {
      within = false;
      say(`| \`${page}\` | ${kind} | Lighthouse failed: ${error} | | | | | | | | | | |`);
      continue;
    }
    const misses = lighthouseMisses(kind, score, ceiling?.performance, budgets);
    within &&= misses.length === 0;
    if (score.lostPoints.length > 0) lostPoints.push(`\`${page}\`: ${score.lostPoints.join(", ")}`);
    const ceilingCell = ceiling ? `${ceiling.performance} (${ceiling.runs.join(", ")})` : "";
    const gap = ceiling ? String(ceiling.performance - score.performance) : "";
    const atCalibrated = calibratedScores.get(page);
    say(
      `| \`${page}\` | ${kind} | ${score.performance} (${score.runs.join(", ")}) | ${ceilingCell} | ${gap} | ${millis(score.tbtMs)} | ${seconds(score.lcpMs)} | ${score.cls.toFixed(3)} | ${score.others.join(" | ")} | ${atCalibrated ? `${atCalibrated.performance} (TBT ${millis(atCalibrated.tbtMs)})` : "n/a"} | ${misses.length === 0 ? "ok" : `**${misses.join("; ")}**`} |`,
    );
  }
  if (lostPoints.length > 0) {
    say();
    say(`Audits that cost accessibility, best-practices or SEO points: ${lostPoints.join("; ")}.`);
  }
  say();
  return within;
}
