import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { decidePageRedirect, isPagePath } from "../../app/routing/page-redirect";
import { findRuleRedirect, type RuleRedirect } from "../../core/config/route-rule-store";
import type { Database } from "../../db/client";
import { LOCALE_COOKIE, splitLocale } from "../../universal/i18n/locales";
import type { AppEnv } from "../context";

const isPageRequest = (method: string, path: string) => (method === "GET" || method === "HEAD") && isPagePath(path);

/** SPEC §2 URL rules for page requests (double slashes, /en, /home, the locale cookie), in one redirect. */
export function pageRedirects(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!isPageRequest(c.req.method, c.req.path)) return next();
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

/**
 * The operator's route rules for full page loads (after the SPEC §2 rules, so the path is canonical):
 * the rule of the path without its language prefix, answered as 301/302. Rules are cached in
 * process memory for 30 s; if they cannot be read, the page is served as if there were none.
 */
export function routeRuleRedirects(db: Database): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!isPageRequest(c.req.method, c.req.path)) return next();
    const url = new URL(c.req.url);
    let redirect: RuleRedirect | null = null;
    try {
      redirect = await findRuleRedirect(db, url.pathname, url.search);
    } catch (error) {
      c.get("logger").error({ err: error }, "route rules could not be read: page served without them");
    }
    if (!redirect) return next();
    // A permanent redirect is cached for an hour at most, so a changed rule still gets through.
    c.header("Cache-Control", redirect.permanent ? "public, max-age=3600" : "public, max-age=30");
    return c.redirect(redirect.location, redirect.permanent ? 301 : 302);
  };
}
