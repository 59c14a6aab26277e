import type { Context, MiddlewareHandler } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { resolveSession, SESSION_ABSOLUTE_DAYS } from "../../core/auth/sessions";
import type { Database } from "../../db/client";
import { appFromHeader } from "../../universal/apps/app-registry";
import { errorReply } from "../api/envelope";
import type { AppEnv } from "../context";

/** `__Host-` (Secure, whole site) when served over https; a plain name on http (local runs). */
export function sessionCookieName(https: boolean): string {
  return https ? "__Host-veilport_session" : "veilport_session";
}

export function setSessionCookie(c: Context, https: boolean, token: string): void {
  setCookie(c, sessionCookieName(https), token, {
    httpOnly: true,
    secure: https,
    sameSite: "Lax",
    path: "/",
    maxAge: SESSION_ABSOLUTE_DAYS * 24 * 60 * 60,
  });
}

export function clearSessionCookie(c: Context, https: boolean): void {
  deleteCookie(c, sessionCookieName(https), { path: "/", secure: https });
}

/** Every API call names its application (SPEC §7); missing or unknown is a 400. */
export function requireAppType(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const app = appFromHeader(c.req.header("x-app-type"));
    if (!app) return errorReply(c, "badAppType", { fields: { "X-App-Type": "app_type.invalid" } });
    c.set("app", app);
    await next();
  };
}

/**
 * Whether a write comes from somewhere else than our own pages: Sec-Fetch-Site says so (only
 * `same-origin` is ours), else an Origin other than ours. With neither header (old browsers,
 * scripts) the write is refused only when it carries the session cookie, the one credential.
 */
export function isForeignWrite(request: {
  fetchSite?: string;
  origin?: string;
  expectedOrigin: string;
  hasSessionCookie: boolean;
}): boolean {
  const { fetchSite, origin, expectedOrigin, hasSessionCookie } = request;
  const sameSite = fetchSite ? fetchSite === "same-origin" : origin ? origin === expectedOrigin : null;
  return sameSite === false || (sameSite === null && hasSessionCookie);
}

function foreignWrite(c: Context<AppEnv>, expectedOrigin: (requestUrl: string) => string): boolean {
  return isForeignWrite({
    fetchSite: c.req.header("sec-fetch-site"),
    origin: c.req.header("origin"),
    expectedOrigin: expectedOrigin(c.req.url),
    // Only the session cookie authenticates; a language or consent cookie alone is no credential.
    hasSessionCookie: Boolean(getCookie(c, sessionCookieName(true)) ?? getCookie(c, sessionCookieName(false))),
  });
}

const isRead = (method: string) => method === "GET" || method === "HEAD" || method === "OPTIONS";

/**
 * Cookie-authenticated writes must come from our own pages: JSON only, and Sec-Fetch-Site
 * same-origin or an Origin equal to ours (CSRF). Bearer-token clients are not browsers.
 */
export function csrfGuard(expectedOrigin: (requestUrl: string) => string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (isRead(c.req.method)) return next();
    if (c.req.header("authorization")?.startsWith("Bearer ")) return next();
    if (foreignWrite(c, expectedOrigin)) return errorReply(c, "forbiddenOrigin");
    const type = c.req.header("content-type") ?? "";
    const hasBody = Number(c.req.header("content-length") ?? 0) > 0 || c.req.header("transfer-encoding") !== undefined;
    if (hasBody && !type.toLowerCase().startsWith("application/json")) return errorReply(c, "jsonOnly");
    await next();
  };
}

/**
 * A form posted to a page (the contact form works without JavaScript, so it cannot be JSON):
 * the same origin rule as the API's writes. The action reads no cookie, so there is no session
 * to ride on; the rule keeps other sites from sending reports through a visitor's browser.
 */
export function pageFormGuard(expectedOrigin: (requestUrl: string) => string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (isRead(c.req.method) || !foreignWrite(c, expectedOrigin)) return next();
    c.get("logger").warn({ origin: c.req.header("origin") ?? null }, "page form post from another site refused");
    return c.text("Forbidden: this form can only be sent from this site.", 403);
  };
}

/** The session's token: Authorization: Bearer for apps, the HttpOnly cookie for the website. */
export function sessionToken(c: Context, https: boolean): { token: string; via: "bearer" | "cookie" } | null {
  const header = c.req.header("authorization");
  if (header?.startsWith("Bearer ")) return { token: header.slice(7).trim(), via: "bearer" };
  const cookie = getCookie(c, sessionCookieName(https));
  return cookie ? { token: cookie, via: "cookie" } : null;
}

/** For protected calls: 401 without credentials, 50008/50012/50014 for unknown, ended or expired sessions. */
export function requireSession(db: Database, https: boolean): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const found = sessionToken(c, https);
    if (!found) return errorReply(c, "missingCredentials");
    const session = await resolveSession(db, found.token);
    if (session.status !== "valid") {
      // The cookie stays: a visitor who chooses to stay on the page (SPEC §8) keeps it as it was,
      // and the next call that needs the session asks again. Logout clears it.
      return errorReply(
        c,
        session.status === "revoked" ? "revokedToken" : session.status === "expired" ? "expiredToken" : "unknownToken",
      );
    }
    c.set("session", { id: session.sessionId, user: session.user, via: found.via });
    await next();
  };
}
