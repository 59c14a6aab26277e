import type { Context, MiddlewareHandler } from "hono";
import { NONCE, secureHeaders } from "hono/secure-headers";

const ONE_YEAR_SECONDS = 31_536_000;

/** What a third-party captcha needs beyond our own origin (only when the operator enables one). */
export const CAPTCHA_ORIGINS: Record<string, { frame: string[]; connect: string[]; style: string[] }> = {
  recaptcha: {
    frame: ["https://www.google.com", "https://www.recaptcha.net"],
    connect: ["https://www.google.com"],
    style: ["'unsafe-inline'"],
  },
  turnstile: {
    frame: ["https://challenges.cloudflare.com"],
    connect: ["https://challenges.cloudflare.com"],
    style: [],
  },
};

/** The inline code a static (prerendered) page holds, as CSP hash sources. */
export interface StaticPageSources {
  scriptHashes: string[];
  styleHashes: string[];
}

/**
 * Strict CSP, no third-party origin anywhere, and HSTS only when the site is served over https.
 * Pages rendered per request get a fresh nonce (read from c.get("secureHeadersNonce")) with
 * 'strict-dynamic'. A prerendered page is a static file: its inline scripts are allowed by their
 * build-time hashes, and 'self' allows its module preloads and imports ('strict-dynamic' would
 * ignore 'self' and block the preload links, which carry no nonce).
 */
export function securityHeaders(options: {
  https: boolean;
  captchaProvider?: string;
  /** Our own other origins pages may call (the IPv4-only / IPv6-only address checks). */
  connectOrigins?: string[];
  /** The static page this request asks for, if any (decided from its path alone). */
  staticPage?: (c: Context) => StaticPageSources | undefined;
  /**
   * Paths any origin may embed (Cross-Origin-Resource-Policy: cross-origin): the DNS leak test's
   * probe image, loaded by our page from the zone's host names. secureHeaders writes its own value
   * after the handler, so a handler cannot set this itself.
   */
  crossOriginPaths?: readonly string[];
  /** Other origins this request's page loads images from and calls (the DNS leak test's probe hosts). */
  probeSources?: (c: Context) => string[];
}): MiddlewareHandler {
  const extra = CAPTCHA_ORIGINS[options.captchaProvider ?? ""] ?? { frame: [], connect: [], style: [] };
  const staticPage = options.staticPage ?? (() => undefined);
  const scriptSources = (c: Context) => {
    const page = staticPage(c);
    return page ? ["'self'", ...page.scriptHashes].join(" ") : `${NONCE(c, "script-src")} 'strict-dynamic'`;
  };
  // A hash source turns 'unsafe-inline' off, so a captcha that needs it keeps it alone.
  const styleSources = (c: Context) => {
    const hashes = extra.style.includes("'unsafe-inline'") ? [] : (staticPage(c)?.styleHashes ?? []);
    return ["'self'", ...extra.style, ...hashes].join(" ");
  };
  const probeSources = options.probeSources ?? (() => []);
  const connectSources = ["'self'", ...(options.connectOrigins ?? []), ...extra.connect];
  const headers = secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: [scriptSources],
      styleSrc: [styleSources],
      imgSrc: [(c) => ["'self'", "data:", ...probeSources(c)].join(" ")],
      fontSrc: ["'self'"],
      connectSrc: [(c) => [...connectSources, ...probeSources(c)].join(" ")],
      frameSrc: extra.frame.length > 0 ? extra.frame : ["'none'"],
      formAction: ["'self'"],
      manifestSrc: ["'self'"],
      workerSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      frameAncestors: ["'none'"],
      ...(options.https ? { upgradeInsecureRequests: [] } : {}),
    },
    strictTransportSecurity: options.https ? `max-age=${ONE_YEAR_SECONDS}; includeSubDomains` : false,
    referrerPolicy: "strict-origin-when-cross-origin",
    xContentTypeOptions: "nosniff",
    xFrameOptions: "DENY",
    crossOriginOpenerPolicy: "same-origin",
    crossOriginResourcePolicy: "same-origin",
    crossOriginEmbedderPolicy: false,
    permissionsPolicy: {
      camera: [],
      microphone: [],
      geolocation: [],
      payment: ["self"],
    },
  });
  const crossOrigin = new Set(options.crossOriginPaths ?? []);
  return async (c, next) => {
    await headers(c, next);
    if (crossOrigin.has(c.req.path)) c.res.headers.set("Cross-Origin-Resource-Policy", "cross-origin");
  };
}
