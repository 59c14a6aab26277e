import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { verificationCodes } from "../../db/schema";
import { newSixDigitCode, newToken, sha256 } from "../security/tokens";

export const CODE_LIFETIME_MS = 10 * 60 * 1000;
export const CODE_MAX_FAILED_ATTEMPTS = 5;
export const TICKET_LIFETIME_MS = 10 * 60 * 1000;

export type Purpose = "reset_password" | "set_password" | "login";

// Codes are hashed with the address and purpose, so one hash cannot be replayed for another.
const codeHash = (email: string, purpose: Purpose, code: string) => sha256(`${email.toLowerCase()}|${purpose}|${code}`);

/** Issues a new code (any older unused code for the same address and purpose stops working). */
export async function issueVerificationCode(
  db: Database,
  input: { email: string; purpose: Purpose; now?: Date },
): Promise<string> {
  const now = input.now ?? new Date();
  const email = input.email.toLowerCase();
  const code = newSixDigitCode();
  await db.transaction(async (tx) => {
    await tx
      .update(verificationCodes)
      .set({ consumedAt: now })
      .where(
        and(
          eq(verificationCodes.email, email),
          eq(verificationCodes.purpose, input.purpose),
          isNull(verificationCodes.consumedAt),
        ),
      );
    await tx.insert(verificationCodes).values({
      email,
      purpose: input.purpose,
      codeHash: codeHash(email, input.purpose, code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + CODE_LIFETIME_MS),
    });
  });
  return code;
}

export type CodeCheck = { ok: true; codeId: number } | { ok: false; reason: "invalid" | "expired" | "exhausted" };

/** The live code of an address and purpose: newest, unused, unexpired, with tries left. */
async function liveCode(db: Database, email: string, purpose: Purpose, now: Date) {
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.email, email),
        eq(verificationCodes.purpose, purpose),
        isNull(verificationCodes.consumedAt),
      ),
    )
    .orderBy(desc(verificationCodes.id))
    .limit(1);
  if (!row) return { row: undefined, reason: "invalid" as const };
  if (row.expiresAt <= now) return { row: undefined, reason: "expired" as const };
  if (row.failedAttempts >= CODE_MAX_FAILED_ATTEMPTS) return { row: undefined, reason: "exhausted" as const };
  return { row, reason: undefined };
}

/** Checks a code without using it up; a wrong code counts against the code's tries. */
export async function checkVerificationCode(
  db: Database,
  input: { email: string; purpose: Purpose; code: string; now?: Date },
): Promise<CodeCheck> {
  const now = input.now ?? new Date();
  const email = input.email.toLowerCase();
  const { row, reason } = await liveCode(db, email, input.purpose, now);
  if (!row) return { ok: false, reason };
  if (row.codeHash !== codeHash(email, input.purpose, input.code)) {
    await db
      .update(verificationCodes)
      .set({ failedAttempts: sql`${verificationCodes.failedAttempts} + 1` })
      .where(eq(verificationCodes.id, row.id));
    return { ok: false, reason: row.failedAttempts + 1 >= CODE_MAX_FAILED_ATTEMPTS ? "exhausted" : "invalid" };
  }
  return { ok: true, codeId: row.id };
}

/** validate: a right code gives a short-lived ticket that stands for it (the code stays usable). */
export async function issueTicket(db: Database, codeId: number, now: Date = new Date()): Promise<string> {
  const ticket = newToken();
  await db
    .update(verificationCodes)
    .set({ ticketHash: sha256(ticket), ticketExpiresAt: new Date(now.getTime() + TICKET_LIFETIME_MS) })
    .where(eq(verificationCodes.id, codeId));
  return ticket;
}

/**
 * Uses a code (or its ticket) up, exactly once: the conditional update is the lock, so of
 * twenty concurrent submissions of the right code one succeeds.
 */
export async function consumeVerification(
  db: Database,
  input: { email: string; purpose: Purpose; code?: string; ticket?: string; now?: Date },
): Promise<CodeCheck> {
  const now = input.now ?? new Date();
  const email = input.email.toLowerCase();
  let codeId: number;
  if (input.ticket) {
    const [row] = await db
      .select({ id: verificationCodes.id })
      .from(verificationCodes)
      .where(
        and(
          eq(verificationCodes.email, email),
          eq(verificationCodes.purpose, input.purpose),
          eq(verificationCodes.ticketHash, sha256(input.ticket)),
          gt(verificationCodes.ticketExpiresAt, now),
          isNull(verificationCodes.consumedAt),
        ),
      );
    if (!row) return { ok: false, reason: "invalid" };
    codeId = row.id;
  } else {
    const checked = await checkVerificationCode(db, { email, purpose: input.purpose, code: input.code ?? "", now });
    if (!checked.ok) return checked;
    codeId = checked.codeId;
  }
  // A ticket carries its own expiry (checked above); a bare code must still be in its lifetime.
  const unexpired = input.ticket ? [] : [gt(verificationCodes.expiresAt, now)];
  const claimed = await db
    .update(verificationCodes)
    .set({ consumedAt: now })
    .where(and(eq(verificationCodes.id, codeId), isNull(verificationCodes.consumedAt), ...unexpired))
    .returning({ id: verificationCodes.id });
  return claimed.length === 1 ? { ok: true, codeId } : { ok: false, reason: "invalid" };
}
