import type { Database } from "../../db/client";
import type { Config } from "../../server/config";
import { altchaVerifier } from "./altcha";
import type { CaptchaVerifier } from "./captcha";
import { noCaptchaVerifier, remoteCaptchaVerifier } from "./remote-captcha";

/** The verifier CAPTCHA_PROVIDER names (the configuration check guarantees its keys). */
export function createCaptcha(config: Config, db: Database): CaptchaVerifier {
  switch (config.CAPTCHA_PROVIDER) {
    case "recaptcha":
      return remoteCaptchaVerifier({
        provider: "recaptcha",
        siteKey: config.RECAPTCHA_SITE_KEY ?? "",
        secret: config.RECAPTCHA_SECRET ?? "",
        minScore: config.RECAPTCHA_MIN_SCORE,
      });
    case "turnstile":
      return remoteCaptchaVerifier({
        provider: "turnstile",
        siteKey: config.TURNSTILE_SITE_KEY ?? "",
        secret: config.TURNSTILE_SECRET ?? "",
      });
    case "none":
      return noCaptchaVerifier();
    default:
      return altchaVerifier(db, { hmacKey: config.ALTCHA_HMAC_KEY });
  }
}
