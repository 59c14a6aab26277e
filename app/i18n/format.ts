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

/** A number in the locale's conventions (grouping, digits). */
export function formatNumber(value: number, locale: Locale, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(localeInfo(locale).iso, options).format(value);
}

const SYMBOLS: Record<string, string> = { USD: "$", AUD: "A$", CAD: "CA$", GBP: "£" };

/**
 * A price from minor units, with the symbol of SPEC §3 (A$, CA$, £, $) and the locale's number
 * format ("A$12.99", "12,99 £" stays "£12,99": the symbol always leads, as on the checkout).
 */
export function formatPrice(amountMinor: number, currency: string, locale: Locale): string {
  const number = formatNumber(amountMinor / 100, locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `${SYMBOLS[currency] ?? `${currency} `}${number}`;
}
