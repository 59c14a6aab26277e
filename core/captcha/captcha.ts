import { lt } from "drizzle-orm";
import type { Database } from "../../db/client";
import { captchaReplays } from "../../db/schema";
import { sharedSecret } from "../security/shared-secret";

/**
 * One interface for every captcha provider (CAPTCHA_PROVIDER). The page gets what it needs to
 * produce a token from `clientConfig`; the server checks the token with `verify`.
 */
export interface CaptchaVerifier {
  provider: "altcha" | "recaptcha" | "turnstile" | "none";
  /** Public settings for the page (never a secret). */
  clientConfig(): Promise<Record<string, unknown>>;
  /** True when the token proves a human (or a paid-for proof of work), once. */
  verify(token: string, context: { ip: string; variant: "r2" | "r3" }): Promise<boolean>;
}

/** The altcha HMAC key: ALTCHA_HMAC_KEY, else one generated once and shared through the database. */
export async function altchaHmacKey(db: Database, configured?: string): Promise<string> {
  return configured ?? sharedSecret(db, "altcha_hmac_key");
}

/** Records a solution as used; false when it was used before (replay). */
export async function claimCaptchaSolution(db: Database, signature: string, ttlMs: number, now = new Date()) {
  await db.delete(captchaReplays).where(lt(captchaReplays.expiresAt, now));
  const inserted = await db
    .insert(captchaReplays)
    .values({ signature, expiresAt: new Date(now.getTime() + ttlMs) })
    .onConflictDoNothing()
    .returning({ signature: captchaReplays.signature });
  return inserted.length === 1;
}
