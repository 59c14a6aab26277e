import { and, eq, isNotNull, isNull, lt, or } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import type { Database } from "../../../db/client";
import { totpSecrets } from "../../../db/schema";

/** RFC 6238 defaults every authenticator app reads: SHA-1, 6 digits, 30-second steps. */
export const TOTP_PERIOD_SECONDS = 30;
/** One step either side: a phone clock a little off still works. */
export const TOTP_WINDOW = 1;

const totp = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: TOTP_PERIOD_SECONDS });

/** A new 160-bit secret, base32 (what the manual key shows). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// address the QR code carries: issuer and account name label the entry in the app. */
export function totpUri(input: { secret: string; issuer: string; account: string }): string {
  const entry = new TOTP({
    issuer: input.issuer,
    label: input.account,
    secret: Secret.fromBase32(input.secret),
    algorithm: "SHA1",
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
  });
  return entry.toString();
}

/** The manual key in groups of four, easier to type and compare. */
export function groupedKey(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(" ") ?? secret;
}

/**
 * Which 30-second step a typed code belongs to, or null. A code is taken once: a step at or
 * before `lastStep` (the last accepted one) is refused, so a code seen over a shoulder cannot be
 * used again inside its window.
 */
export function acceptedStep(input: {
  secret: string;
  code: string;
  now: Date;
  lastStep: number | null;
}): number | null {
  const code = input.code.replace(/\s/g, "");
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totp(input.secret).validate({ token: code, timestamp: input.now.getTime(), window: TOTP_WINDOW });
  if (delta === null) return null;
  const step = Math.floor(input.now.getTime() / 1000 / TOTP_PERIOD_SECONDS) + delta;
  if (input.lastStep !== null && step <= input.lastStep) return null;
  return step;
}

/** The code an authenticator shows at `now` (tests, and nothing else, need it). */
export function totpCodeAt(secret: string, now: Date): string {
  return totp(secret).generate({ timestamp: now.getTime() });
}

/** Starts (or restarts) enrolment: a fresh secret, not in force until a first code confirms it. */
export async function startTotpEnrolment(db: Database, userId: number): Promise<string | null> {
  const secret = newTotpSecret();
  const stored = await db
    .insert(totpSecrets)
    .values({ userId, secret })
    .onConflictDoUpdate({
      target: totpSecrets.userId,
      set: { secret, lastStep: null },
      where: isNull(totpSecrets.enabledAt),
    })
    .returning({ userId: totpSecrets.userId });
  // An authenticator already in force stays: it is replaced only after turning 2FA off.
  return stored.length === 1 ? secret : null;
}

/**
 * Checks a code against the account's secret, pending (`confirming`) or in force, and records its
 * step by a compare-and-set, so two requests racing with one code cannot both pass.
 */
export async function checkTotp(
  db: Database,
  input: { userId: number; code: string; now?: Date; confirming?: boolean },
): Promise<boolean> {
  const now = input.now ?? new Date();
  const [row] = await db.select().from(totpSecrets).where(eq(totpSecrets.userId, input.userId));
  if (!row || (row.enabledAt === null) !== Boolean(input.confirming)) return false;
  const step = acceptedStep({ secret: row.secret, code: input.code, now, lastStep: row.lastStep });
  if (step === null) return false;
  const taken = await db
    .update(totpSecrets)
    .set({ lastStep: step, ...(input.confirming ? { enabledAt: now } : {}) })
    .where(
      and(
        eq(totpSecrets.userId, input.userId),
        eq(totpSecrets.secret, row.secret),
        or(isNull(totpSecrets.lastStep), lt(totpSecrets.lastStep, step)),
        input.confirming ? isNull(totpSecrets.enabledAt) : isNotNull(totpSecrets.enabledAt),
      ),
    )
    .returning({ userId: totpSecrets.userId });
  return taken.length === 1;
}
