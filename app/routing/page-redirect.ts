import {
  DEFAULT_LOCALE,
  isLocale,
  type Locale,
  localeFromAcceptLanguage,
  localizePath,
  splitLocale,
} from "../i18n/locales";

export interface RedirectInput {
  pathname: string;
  /** "?a=1" or "". The fragment never reaches a server; browsers keep it across redirects. */
  search: string;
  cookieLocale?: string | null;
  acceptLanguage?: string | null;
}

export interface Redirect {
  status: 301 | 302;
  location: string;
}

/**
 * Decides whether a page request must be redirected, in one hop (SPEC §2):
 * double slashes collapsed, `/en/...` -> `/...`, `/{lang}/home` -> `/{lang}` (all 301), and an
 * unprefixed path sent to the visitor's language (cookie, else Accept-Language) with a 302.
 */
export function decidePageRedirect(input: RedirectInput): Redirect | null {
  let pathname = input.pathname.replace(/\/{2,}/g, "/");
  if (pathname.length > 1 && pathname.endsWith("/")) pathname = pathname.slice(0, -1);
  const { locale, rest, prefixed } = splitLocale(pathname);
  const page = rest === "/home" ? "/" : rest;
  const canonical = localizePath(page, locale);

  if (canonical !== input.pathname) {
    return { status: 301, location: `${canonical}${input.search}` };
  }
  if (!prefixed) {
    const preferred: Locale | null = isLocale(input.cookieLocale)
      ? input.cookieLocale
      : input.cookieLocale
        ? null
        : localeFromAcceptLanguage(input.acceptLanguage);
    if (preferred && preferred !== DEFAULT_LOCALE) {
      return { status: 302, location: `${localizePath(page, preferred)}${input.search}` };
    }
  }
  return null;
}
