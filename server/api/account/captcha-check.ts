import type { Context } from "hono";
import type { CaptchaVerifier } from "../../../core/captcha/captcha";
import type { AppEnv } from "../../context";

/**
 * Whether a request's captcha token passes (always, when no provider is configured). Calls under
 * /ws/mm/reca/r2/ are checked as reCAPTCHA v2, the others as v3 (SPEC §7).
 */
export async function captchaOk(captcha: CaptchaVerifier | undefined, c: Context<AppEnv>, token: string) {
  if (!captcha) return true;
  const variant = c.req.path.startsWith("/ws/mm/reca/r2/") ? "r2" : "r3";
  return captcha.verify(token, { ip: c.get("clientAddress"), variant });
}
