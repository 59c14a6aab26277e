import { formatDuration } from "../../../universal/i18n/format";
import type { Locale } from "../../../universal/i18n/locales";

/** An invite reward's free time as a reader says it: "1 month", "1 Monat + 10 Tage"; "" for none. */
export function rewardText(reward: { months: number; days: number }, locale: Locale): string {
  const parts: string[] = [];
  if (reward.months > 0) parts.push(formatDuration(reward.months, "month", locale));
  if (reward.days > 0) parts.push(formatDuration(reward.days, "day", locale));
  return parts.join(" + ");
}
