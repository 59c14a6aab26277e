import { and, desc, eq, gt, isNull, lt, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { verificationCodes } from "../../db/schema";
import { newSixDigitCode, newToken, sha256 } from "../security/tokens";

export const CODE_LIFETIME_MS = 10 * 60 * 1000;
export const CODE_MAX_FAILED_ATTEMPTS = 5;
export const TICKET_LIFETIME_MS = 10 * 60 * 1000;

/**
 * The public purposes; `delete_account` asked for only by a signed-in account (core/privacy);
 * `change_email` codes go to the new address of an e-mail change (core/auth/email-change.ts), never
 * through the public request call.
 */
export type Purpose = "reset_password" | "set_password" | "login" | "delete_account" | "change_email";

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

/**
 * One answer for every refusal (wrong, expired, used, out of tries, or no such account): the
 * caller cannot tell an address with an account from one without (decision 020).
 */
export type CodeCheck = { ok: true; codeId: number } | { ok: false };

/**
 * One guess at the newest live code of an address and purpose, in a single conditional update:
 * the guess takes one of the code's tries and, when right, does `onMatch` to the row, both only
 * while fewer than CODE_MAX_FAILED_ATTEMPTS wrong guesses were counted. PostgreSQL locks the row
 * and re-checks the condition for each concurrent guess, so parallel guesses cannot share a try.
 */
async function guess(
  db: Database,
  input: { email: string; purpose: Purpose; code: string; now: Date },
  onMatch: (matches: SQL) => Partial<Record<"consumedAt" | "ticketHash" | "ticketExpiresAt", SQL>>,
) {
  const email = input.email.toLowerCase();
  const matches = sql`${verificationCodes.codeHash} = ${codeHash(email, input.purpose, input.code)}`;
  const newest = db
    .select({ id: verificationCodes.id })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.email, email),
        eq(verificationCodes.purpose, input.purpose),
        isNull(verificationCodes.consumedAt),
      ),
    )
    .orderBy(desc(verificationCodes.id))
    .limit(1);
  const [row] = await db
    .update(verificationCodes)
    .set({
      ...onMatch(matches),
      failedAttempts: sql`${verificationCodes.failedAttempts} + case when ${matches} then 0 else 1 end`,
    })
    .where(
      and(
        sql`${verificationCodes.id} = (${newest})`,
        isNull(verificationCodes.consumedAt),
        gt(verificationCodes.expiresAt, input.now),
        lt(verificationCodes.failedAttempts, CODE_MAX_FAILED_ATTEMPTS),
      ),
    )
    .returning({ id: verificationCodes.id, matched: sql<boolean>`${matches}` });
  return row?.matched === true ? row.id : undefined;
}

const timestamp = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** Uses a code up, exactly once: of twenty concurrent submissions of the right code one succeeds. */
export async function redeemCode(
  db: Database,
  input: { email: string; purpose: Purpose; code: string; now?: Date },
): Promise<CodeCheck> {
  const now = input.now ?? new Date();
  const codeId = await guess(db, { ...input, now }, (matches) => ({
    consumedAt: sql`case when ${matches} then ${timestamp(now)} end`,
  }));
  return codeId === undefined ? { ok: false } : { ok: true, codeId };
}

/**
 * validate: a right code gives a short-lived ticket that stands for it (the code is not used up,
 * and the guess counts against its tries like any other).
 */
export async function exchangeCodeForTicket(
  db: Database,
  input: { email: string; purpose: Purpose; code: string; now?: Date },
): Promise<{ ok: true; ticket: string } | { ok: false }> {
  const now = input.now ?? new Date();
  const ticket = newToken();
  const codeId = await guess(db, { ...input, now }, (matches) => ({
    ticketHash: sql`case when ${matches} then ${sha256(ticket)} else ${verificationCodes.ticketHash} end`,
    ticketExpiresAt: sql`case when ${matches} then ${timestamp(new Date(now.getTime() + TICKET_LIFETIME_MS))} else ${verificationCodes.ticketExpiresAt} end`,
  }));
  return codeId === undefined ? { ok: false } : { ok: true, ticket };
}

/** Uses a ticket (and the code it stands for) up, exactly once, by one conditional update. */
export async function redeemTicket(
  db: Database,
  input: { email: string; purpose: Purpose; ticket: string; now?: Date },
): Promise<CodeCheck> {
  const now = input.now ?? new Date();
  const [row] = await db
    .update(verificationCodes)
    .set({ consumedAt: now })
    .where(
      and(
        eq(verificationCodes.email, input.email.toLowerCase()),
        eq(verificationCodes.purpose, input.purpose),
        eq(verificationCodes.ticketHash, sha256(input.ticket)),
        gt(verificationCodes.ticketExpiresAt, now),
        isNull(verificationCodes.consumedAt),
      ),
    )
    .returning({ id: verificationCodes.id });
  return row ? { ok: true, codeId: row.id } : { ok: false };
}

/** A code or the ticket of a validated one, whichever the client sent. */
export function consumeVerification(
  db: Database,
  input: { email: string; purpose: Purpose; code?: string; ticket?: string; now?: Date },
): Promise<CodeCheck> {
  const { ticket, code, ...rest } = input;
  return ticket ? redeemTicket(db, { ...rest, ticket }) : redeemCode(db, { ...rest, code: code ?? "" });
}
