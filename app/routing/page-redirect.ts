import {
  DEFAULT_LOCALE,
  isLocale,
  type Locale,
  localeFromAcceptLanguage,
  localizePath,
  splitLocale,
} from "../../universal/i18n/locales";

/**
 * First path segments that belong to the server, not to pages: the API, payment webhooks, files.
 * React Router's own requests (`/__manifest`, `*.data`) and any file name are not pages either.
 */
const SERVER_SEGMENTS = new Set(["api", "ws", "l10n", "assets", "dev", "sandbox", "flags", "healthz", "readyz"]);

/**
 * Whether a path is a page a person navigates to, so the language and route-rule redirects may
 * apply. Redirecting anything else breaks it: `/__manifest` sent to `/de/__manifest` is a 404, and
 * React Router then shows the error page on every client navigation.
 */
export function isPagePath(pathname: string): boolean {
  const segments = pathname.split("/").filter((segment) => segment !== "");
  if (SERVER_SEGMENTS.has(segments[0]?.toLowerCase() ?? "")) return false;
  if (segments.some((segment) => segment.startsWith("__"))) return false;
  const last = pathname.slice(pathname.lastIndexOf("/") + 1);
  return !/\.[a-z0-9]+$/i.test(last);
}

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
