import { type Locale, splitLocale } from "../../../universal/i18n/locales";

/**
 * The language of the page a call came from, read from its Referer ("/de/login" → de); null when
 * there is none or it is no URL at all. The header is the client's to write: garbage is ignored.
 */
export function localeFromReferer(referer: string | undefined): Locale | null {
  if (!referer) return null;
  try {
    return splitLocale(new URL(referer, "http://referer.invalid").pathname).locale;
  } catch {
    return null;
  }
}
