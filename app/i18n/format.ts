import { type Locale, localeInfo } from "./locales";

const pad = (value: number) => String(value).padStart(2, "0");

/**
 * SPEC §9 date format, the same in every language: "YYYY-MM-DD hh:mm:ss AM/PM" (12-hour clock).
 * In the given IANA time zone (the visitor's on the client; UTC when none is given).
 */
export function formatDateTime(date: Date, timeZone = "UTC"): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "numeric",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  const hour24 = Number(parts.hour) % 24;
  const hour12 = hour24 % 12 === 0 ? 12 : hour24 % 12;
  return `${parts.year}-${parts.month}-${parts.day} ${pad(hour12)}:${parts.minute}:${parts.second} ${hour24 < 12 ? "AM" : "PM"}`;
}

// Building an Intl.NumberFormat loads locale data and costs far more than formatting with one
// (it dominated the price cards' render on a slow phone): keep one per locale and options.
const numberFormats = new Map<string, Intl.NumberFormat>();

/** A number in the locale's conventions (grouping, digits). */
export function formatNumber(value: number, locale: Locale, options?: Intl.NumberFormatOptions): string {
  const iso = localeInfo(locale).iso;
  const key = `${iso} ${options ? JSON.stringify(options) : ""}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(iso, options);
    numberFormats.set(key, format);
  }
  return format.format(value);
}

const SYMBOLS: Record<string, string> = { USD: "$", AUD: "A$", CAD: "CA$", GBP: "£" };

/**
 * Each locale's decimal sign, grouping sign and CLDR minimum grouping digits (2: "1234,50" but
 * "12.345,67"), as Intl.NumberFormat gives them; format.test.ts checks them against Intl.
 * Prices are formatted from this table because the first Intl.NumberFormat in a page costs
 * ~60 ms of locale-data loading (measured in Chromium), a long task on every page with prices.
 */
const NUMBER_SIGNS: Record<Locale, { decimal: string; group: string; minGroup: 1 | 2 }> = {
  en: { decimal: ".", group: ",", minGroup: 1 },
  ar: { decimal: ".", group: ",", minGroup: 1 },
  de: { decimal: ",", group: ".", minGroup: 1 },
  es: { decimal: ",", group: ".", minGroup: 2 },
  fr: { decimal: ",", group: "\u202f", minGroup: 1 },
  it: { decimal: ",", group: ".", minGroup: 2 },
  ja: { decimal: ".", group: ",", minGroup: 1 },
  nl: { decimal: ",", group: ".", minGroup: 1 },
  pl: { decimal: ",", group: "\u00a0", minGroup: 2 },
  pt: { decimal: ",", group: ".", minGroup: 1 },
  ru: { decimal: ",", group: "\u00a0", minGroup: 1 },
};

/** A non-negative amount in minor units as the locale writes it with two decimals ("1.234,50"). */
export function formatMinorUnits(amountMinor: number, locale: Locale): string {
  const signs = NUMBER_SIGNS[locale];
  const cents = Math.max(0, Math.round(amountMinor));
  const whole = String(Math.floor(cents / 100));
  const fraction = String(cents % 100).padStart(2, "0");
  // Group by thousands once the whole part has minGroup digits beyond the first group.
  const grouped = whole.length >= 4 + signs.minGroup - 1 ? whole.replace(/\B(?=(\d{3})+$)/g, signs.group) : whole;
  return `${grouped}${signs.decimal}${fraction}`;
}

/**
 * A price from minor units, with the symbol of SPEC §3 (A$, CA$, £, $) and the locale's number
 * format ("A$12.99", "12,99 £" stays "£12,99": the symbol always leads, as on the checkout).
 */
export function formatPrice(amountMinor: number, currency: string, locale: Locale): string {
  return `${SYMBOLS[currency] ?? `${currency} `}${formatMinorUnits(amountMinor, locale)}`;
}
