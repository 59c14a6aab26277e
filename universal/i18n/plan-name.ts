import { type DurationUnit, formatDuration } from "./format";
import type { Locale } from "./locales";

/** A plan's term in the largest whole unit: 12 months is one year, 24 months two years. */
export function planTerm(months: number): { count: number; unit: Extract<DurationUnit, "month" | "year"> } {
  return months >= 12 && months % 12 === 0 ? { count: months / 12, unit: "year" } : { count: months, unit: "month" };
}

/** A plan as a buyer reads it, in their language ("1 year", "2 Jahre", "سنتان"), never its id ("1-year"). */
export function planName(months: number, locale: Locale): string {
  const { count, unit } = planTerm(months);
  return formatDuration(count, unit, locale);
}
