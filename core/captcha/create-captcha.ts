import type { Database } from "../../db/client";
import { altchaVerifier } from "./altcha";
import type { CaptchaVerifier } from "./captcha";
import { noCaptchaVerifier, remoteCaptchaVerifier } from "./remote-captcha";

/** Which captcha a process uses and its keys (composed from the configuration in server/captcha-choice.ts). */
export type CaptchaChoice =
  | { provider: "altcha"; hmacKey?: string }
  | { provider: "recaptcha"; siteKey: string; secret: string; minScore: number }
  | { provider: "turnstile"; siteKey: string; secret: string }
  | { provider: "none" };

/** The verifier of the chosen provider. */
export function createCaptcha(choice: CaptchaChoice, db: Database): CaptchaVerifier {
  switch (choice.provider) {
    case "recaptcha":
    case "turnstile":
      return remoteCaptchaVerifier(choice);
    case "none":
      return noCaptchaVerifier();
    default:
      return altchaVerifier(db, { hmacKey: choice.hmacKey });
  }
}
