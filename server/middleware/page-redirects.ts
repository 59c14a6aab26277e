import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { LOCALE_COOKIE, splitLocale } from "../../app/i18n/locales";
import { decidePageRedirect } from "../../app/routing/page-redirect";
import type { AppEnv } from "../context";

const NOT_PAGES =
  /^\/(api|ws|assets|dev|sandbox)\/|^\/(healthz|readyz|sitemap\.xml|robots\.txt|favicon\.svg)$|\.[a-z0-9]+$/i;

/** SPEC §2 URL rules for page requests (double slashes, /en, /home, the locale cookie), in one redirect. */
export function pageRedirects(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if ((c.req.method !== "GET" && c.req.method !== "HEAD") || NOT_PAGES.test(c.req.path)) return next();
    const url = new URL(c.req.url);
    const redirect = decidePageRedirect({
      pathname: url.pathname,
      search: url.search,
      cookieLocale: getCookie(c, LOCALE_COOKIE) ?? null,
      acceptLanguage: c.req.header("accept-language") ?? null,
    });
    if (!redirect) {
      await next();
      // An unprefixed page would have redirected for another language preference.
      if (!splitLocale(url.pathname).prefixed) c.res.headers.append("Vary", "Cookie, Accept-Language");
      return;
    }
    c.header("Cache-Control", redirect.status === 301 ? "public, max-age=3600" : "no-store");
    if (redirect.status === 302) c.header("Vary", "Cookie, Accept-Language");
    return c.redirect(redirect.location, redirect.status);
  };
}
