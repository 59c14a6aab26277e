import { isLocale, localeInfo } from "./locales";

const LATIN = "0123456789";

/**
 * A text's digits 0–9 written in the language's own digits ("۱۴" in Persian), for numbers put into
 * a text by code (counts, prices). Unchanged in languages that write 0–9 and for unknown languages.
 */
export function localDigits(text: string, locale: string): string {
  if (!isLocale(locale)) return text;
  const { digits } = localeInfo(locale).numbers;
  return digits === LATIN ? text : text.replace(/[0-9]/g, (digit) => digits[Number(digit)] ?? digit);
}
