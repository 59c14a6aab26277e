import type { Context } from "hono";
import type { CaptchaVerifier } from "../../core/captcha/captcha";
import {
  CAPTCHA_CALLS,
  CAPTCHA_VARIANT_TEXT,
  captchaAliasPath,
  captchaCallOf,
} from "../../universal/api/captcha-calls";
import type { AppEnv } from "../context";

/**
 * Whether a request's captcha token passes (always, when no provider is configured), checked as
 * the variant SPEC §7 gives the call (universal/api/captcha-calls.ts), whichever path it came by.
 */
export async function captchaOk(captcha: CaptchaVerifier | undefined, c: Context<AppEnv>, token: string) {
  if (!captcha) return true;
  const call = captchaCallOf(c.req.path, c.req.method === "GET" ? "GET" : "POST");
  // Only routes mounted by withCaptchaAlias get here, and it refuses any not in the table at start-up.
  return captcha.verify(token, { ip: c.get("clientAddress"), variant: call?.variant ?? "r3" });
}

/**
 * A captcha call's contract at its /api/mms/... path and at its one /ws/mm/reca/<variant>/... alias
 * (SPEC §7), both saying the variant in the API document. A route missing from CAPTCHA_CALLS
 * fails at start-up, so a new captcha call cannot forget its variant.
 */
export function withCaptchaAlias<R extends { path: string; method: string; description?: string }>(route: R): R[] {
  const call = CAPTCHA_CALLS.find((entry) => entry.path === route.path && entry.method === route.method.toUpperCase());
  if (!call) throw new Error(`${route.method} ${route.path} is not in CAPTCHA_CALLS`);
  const description = [route.description, `${CAPTCHA_VARIANT_TEXT[call.variant]} (recasign).`]
    .filter(Boolean)
    .join(" ");
  return [
    { ...route, description },
    { ...route, description, path: captchaAliasPath(route.path, call.variant) },
  ];
}
