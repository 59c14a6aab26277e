import type { MiddlewareHandler } from "hono";
import { NONCE, secureHeaders } from "hono/secure-headers";

const ONE_YEAR_SECONDS = 31_536_000;

/**
 * Strict CSP with a fresh nonce per request (pages read it from c.get("secureHeadersNonce")),
 * no third-party origin anywhere, and HSTS only when the site is served over https.
 */
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

export function securityHeaders(options: {
  https: boolean;
  captchaProvider?: string;
  /** Our own other origins pages may call (the IPv4-only / IPv6-only address checks). */
  connectOrigins?: string[];
}): MiddlewareHandler {
  const extra = CAPTCHA_ORIGINS[options.captchaProvider ?? ""] ?? { frame: [], connect: [], style: [] };
  const headers = secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: [NONCE, "'strict-dynamic'"],
      styleSrc: ["'self'", ...extra.style],
      imgSrc: ["'self'", "data:"],
      fontSrc: ["'self'"],
      connectSrc: ["'self'", ...(options.connectOrigins ?? []), ...extra.connect],
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
  return headers;
}
