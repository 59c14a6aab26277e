import { randomBytes } from "node:crypto";
import { eq, lt } from "drizzle-orm";
import type { Database } from "../../db/client";
import { appMeta, captchaReplays } from "../../db/schema";

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

const HMAC_KEY_META = "altcha_hmac_key";

/** The altcha HMAC key: ALTCHA_HMAC_KEY, else one generated once and shared through the database. */
export async function altchaHmacKey(db: Database, configured?: string): Promise<string> {
  if (configured) return configured;
  const candidate = randomBytes(32).toString("hex");
  await db.insert(appMeta).values({ key: HMAC_KEY_META, value: candidate }).onConflictDoNothing();
  const [row] = await db.select().from(appMeta).where(eq(appMeta.key, HMAC_KEY_META));
  return row?.value ?? candidate;
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
