import { createChallenge, extractParams, verifySolution } from "altcha-lib/v1";
import type { Database } from "../../db/client";
import { altchaHmacKey, type CaptchaVerifier, claimCaptchaSolution } from "./captcha";

// About 50,000 hashes on average: well under a second on a phone, a real cost for a bot farm.
export const ALTCHA_MAX_NUMBER = 100_000;
const CHALLENGE_TTL_MS = 10 * 60 * 1000;

/** Self-hosted proof of work (ALTCHA): challenges issued by this app, no third party, no cookie. */
export function altchaVerifier(db: Database, options: { hmacKey?: string; maxNumber?: number }): CaptchaVerifier {
  const key = () => altchaHmacKey(db, options.hmacKey);
  return {
    provider: "altcha",
    async clientConfig() {
      const challenge = await createChallenge({
        hmacKey: await key(),
        maxNumber: options.maxNumber ?? ALTCHA_MAX_NUMBER,
        expires: new Date(Date.now() + CHALLENGE_TTL_MS),
      });
      return { challenge };
    },
    async verify(token) {
      if (!token || token.length > 2000) return false;
      let payload: { signature?: string };
      try {
        payload = JSON.parse(Buffer.from(token, "base64").toString("utf8"));
      } catch {
        return false;
      }
      if (!payload.signature || !(await verifySolution(token, await key(), true))) return false;
      const expires = Number(extractParams(token as never).expires ?? 0) * 1000;
      return claimCaptchaSolution(db, payload.signature, Math.max(expires - Date.now(), 60_000));
    },
  };
}
