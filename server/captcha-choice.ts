import type { CaptchaChoice } from "../core/captcha/create-captcha";
import type { Config } from "./config";

/** The captcha CAPTCHA_PROVIDER names, with its keys (the configuration check guarantees them). */
export function captchaChoice(config: Config): CaptchaChoice {
  switch (config.CAPTCHA_PROVIDER) {
    case "recaptcha":
      return {
        provider: "recaptcha",
        siteKey: config.RECAPTCHA_SITE_KEY ?? "",
        secret: config.RECAPTCHA_SECRET ?? "",
        minScore: config.RECAPTCHA_MIN_SCORE,
      };
    case "turnstile":
      return { provider: "turnstile", siteKey: config.TURNSTILE_SITE_KEY ?? "", secret: config.TURNSTILE_SECRET ?? "" };
    case "none":
      return { provider: "none" };
    default:
      return { provider: "altcha", hmacKey: config.ALTCHA_HMAC_KEY };
  }
}
