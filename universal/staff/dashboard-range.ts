/**
 * The console dashboard's date range (decision 055): UTC calendar days, both ends included, at
 * most MAX_DASHBOARD_DAYS. Pure and zod-free: the page builds its presets and checks its fields
 * with it, and the server parses the query with it.
 */

export const MAX_DASHBOARD_DAYS = 366;
/** The range buttons: the last 7, 30 or 90 days, today included. */
export const DASHBOARD_PRESETS = [7, 30, 90] as const;
export type DashboardPreset = (typeof DASHBOARD_PRESETS)[number];
/** Without a range in the query: the last 30 days. */
export const DEFAULT_PRESET: DashboardPreset = 30;

/** The series a CSV export can hold, one file each. */
export const DASHBOARD_SERIES = [
  "revenue",
  "signups",
  "purchases",
  "refunds",
  "subscriptions",
  "sources",
  "affiliates",
] as const;
export type DashboardSeries = (typeof DASHBOARD_SERIES)[number];

export interface DayRange {
  from: string;
  to: string;
}

/** Why a range was refused: a day that is no calendar day, an end before the start, or too many days. */
export type RangeProblem = "date" | "reversed" | "too_long";

const DAY_MS = 86_400_000;

/** A YYYY-MM-DD that names a real calendar day. */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

/** The UTC day of an instant. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/** The day `count` days after `day` (before it when negative). */
export function addDays(day: string, count: number): string {
  return utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + count * DAY_MS));
}

/** How many days a range holds, both ends included. */
export function rangeLength(range: DayRange): number {
  return Math.round((Date.parse(`${range.to}T00:00:00Z`) - Date.parse(`${range.from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** Every day of a range, in order. */
export function rangeDays(range: DayRange): string[] {
  const length = rangeLength(range);
  return Array.from({ length: Math.max(0, length) }, (_, index) => addDays(range.from, index));
}

/** The last `days` days up to `today`, today included. */
export function presetRange(days: number, today: string): DayRange {
  return { from: addDays(today, -(days - 1)), to: today };
}

/** What is wrong with a range, or null when it can be shown. */
export function rangeProblem(range: DayRange): RangeProblem | null {
  if (!isCalendarDay(range.from) || !isCalendarDay(range.to)) return "date";
  if (range.to < range.from) return "reversed";
  if (rangeLength(range) > MAX_DASHBOARD_DAYS) return "too_long";
  return null;
}

/**
 * The range a query asks for: `from` and `to` together, or a preset's `days`, or (neither) the
 * default preset, ending `today`. A lone `from` or `to`, an unknown preset or a bad range is refused.
 */
export function parseDashboardRange(
  query: { from?: string; to?: string; days?: string },
  today: string,
): { ok: true; range: DayRange } | { ok: false; problem: RangeProblem } {
  const { from, to, days } = query;
  if (from !== undefined || to !== undefined) {
    if (from === undefined || to === undefined || days !== undefined) return { ok: false, problem: "date" };
    const problem = rangeProblem({ from, to });
    return problem ? { ok: false, problem } : { ok: true, range: { from, to } };
  }
  if (days === undefined) return { ok: true, range: presetRange(DEFAULT_PRESET, today) };
  const preset = DASHBOARD_PRESETS.find((each) => String(each) === days);
  return preset ? { ok: true, range: presetRange(preset, today) } : { ok: false, problem: "date" };
}
