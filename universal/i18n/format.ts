import { CURRENCIES, isCurrency } from "../billing/currencies";
import { localDigits } from "./digits";
import { type Locale, localeInfo } from "./locales";

// Building an Intl formatter loads locale data and costs far more than formatting with one (it
// dominated the price cards' render on a slow phone): keep one per locale and options.
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, build: () => T): T {
  let format = formatters.get(key) as T | undefined;
  if (!format) {
    format = build();
    formatters.set(key, format);
  }
  return format;
}

let visitorTimeZone: string | undefined;

/**
 * The visitor's IANA time zone in the browser; UTC on the server, where no visitor's zone is known.
 * Asked once: each question builds a date formatter, and the account asks for every date it shows.
 */
export function browserTimeZone(): string {
  if (typeof window === "undefined") return "UTC";
  visitorTimeZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  return visitorTimeZone;
}

/** A calendar date as the locale writes it ("5. März 2026", "2026年3月5日"). */
export function formatDate(date: Date, locale: Locale, timeZone = "UTC"): string {
  const iso = localeInfo(locale).iso;
  return cached(`date ${iso} ${timeZone}`, () => new Intl.DateTimeFormat(iso, { dateStyle: "long", timeZone })).format(
    date,
  );
}

/**
 * A date and time as the locale writes it, with its own clock ("05.03.2026, 15:07", "Mar 5, 2026,
 * 3:07 PM"): SPEC §9's fixed "YYYY-MM-DD hh:mm:ss AM/PM" put English AM/PM on every page.
 */
export function formatDateTime(date: Date, locale: Locale, timeZone = "UTC"): string {
  const iso = localeInfo(locale).iso;
  return cached(
    `datetime ${iso} ${timeZone}`,
    () => new Intl.DateTimeFormat(iso, { dateStyle: "medium", timeStyle: "short", timeZone }),
  ).format(date);
}

export type DurationUnit = "hour" | "day" | "month" | "year";

/** A count of a unit with the locale's plural rules ("1 Tag", "3 Tage", "يومان", "11 يومًا"). */
export function formatDuration(count: number, unit: DurationUnit, locale: Locale): string {
  const iso = localeInfo(locale).iso;
  return cached(
    `unit ${iso} ${unit}`,
    () => new Intl.NumberFormat(iso, { style: "unit", unit, unitDisplay: "long" }),
  ).format(count);
}

const HOUR = 3600;
const DAY = 24 * HOUR;
const MONTH_DAYS = 365 / 12;

/**
 * Remaining time in the largest unit that still reads precisely enough: hours under a day, days
 * under 90 days, then whole months under two years, then whole years. A started hour or day counts
 * (a 1-year plan bought a minute ago has 365 days, so 12 months, left); months and years count
 * only when complete.
 */
export function remainingDuration(seconds: number): { count: number; unit: DurationUnit } {
  const left = Math.max(0, seconds);
  if (left < DAY) return { count: Math.ceil(left / HOUR), unit: "hour" };
  const days = Math.ceil(left / DAY);
  if (days < 90) return { count: days, unit: "day" };
  const months = Math.floor(days / MONTH_DAYS);
  if (months < 24) return { count: months, unit: "month" };
  return { count: Math.floor(months / 12), unit: "year" };
}

/** A number in the locale's conventions (grouping, digits). */
export function formatNumber(value: number, locale: Locale, options?: Intl.NumberFormatOptions): string {
  const iso = localeInfo(locale).iso;
  return cached(
    `number ${iso} ${options ? JSON.stringify(options) : ""}`,
    () => new Intl.NumberFormat(iso, options),
  ).format(value);
}

/** A non-negative amount in minor units as the locale writes it with two decimals ("1.234,50", "۱٬۲۳۴٫۵۰"). */
export function formatMinorUnits(amountMinor: number, locale: Locale): string {
  const signs = localeInfo(locale).numbers;
  const cents = Math.max(0, Math.round(amountMinor));
  const whole = String(Math.floor(cents / 100));
  const fraction = String(cents % 100).padStart(2, "0");
  // Group by thousands once the whole part has minGroup digits beyond the first group; the groups
  // before the last three have secondaryGroup digits (Hindi: "12,34,567").
  const grouped =
    whole.length >= 4 + signs.minGroup - 1 ? groupDigits(whole, signs.group, signs.secondaryGroup) : whole;
  return localDigits(`${grouped}${signs.decimal}${fraction}`, locale);
}

function groupDigits(whole: string, sign: string, secondary: number): string {
  const last = whole.slice(-3);
  const rest = whole.slice(0, -3);
  const groups: string[] = [];
  for (let end = rest.length; end > 0; end -= secondary) groups.unshift(rest.slice(Math.max(0, end - secondary), end));
  return [...groups, last].join(sign);
}

/**
 * A price from minor units, with the symbol of SPEC §3 (A$, CA$, £, $) and the locale's number
 * format ("A$12.99", "12,99 £" stays "£12,99": the symbol always leads, as on the checkout).
 */
export function formatPrice(amountMinor: number, currency: string, locale: Locale): string {
  const symbol = isCurrency(currency) ? CURRENCIES[currency].symbol : `${currency} `;
  return `${symbol}${formatMinorUnits(amountMinor, locale)}`;
}
