import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { authChallenges } from "../../../db/schema";
import { newToken, sha256 } from "../../security/tokens";

/** Between the password (or e-mailed code) and the second factor: five minutes, five tries. */
export const PENDING_SIGN_IN_MS = 5 * 60 * 1000;
export const PENDING_SIGN_IN_MAX_FAILURES = 5;
/** A WebAuthn ceremony's challenge lives as long as the browser's prompt may stay open. */
export const PASSKEY_CHALLENGE_MS = 5 * 60 * 1000;

export type ChallengeKind = "second_factor" | "passkey_register" | "passkey_sign_in";

export interface PendingSignIn {
  userId: number;
  /** How the first step was passed: a password, an e-mailed code, or an account number (decision 042). */
  method: "password" | "code" | "account_number";
}

/**
 * Deletes the steps that outlived their five minutes. Run before each new step and by the hourly
 * sweep (server/start-server.ts), so a quiet server keeps none longer than the privacy policy says.
 */
export async function deleteExpiredChallenges(db: Database, now: Date = new Date()): Promise<number> {
  const deleted = await db
    .delete(authChallenges)
    .where(lt(authChallenges.expiresAt, now))
    .returning({ tokenHash: authChallenges.tokenHash });
  return deleted.length;
}

/** The password or e-mailed code was right and a second factor is owed: a token for the next step. */
export async function createPendingSignIn(db: Database, input: PendingSignIn & { now?: Date }): Promise<string> {
  const now = input.now ?? new Date();
  const token = newToken();
  await deleteExpiredChallenges(db, now);
  await db.insert(authChallenges).values({
    tokenHash: sha256(token),
    kind: "second_factor",
    userId: input.userId,
    method: input.method,
    expiresAt: new Date(now.getTime() + PENDING_SIGN_IN_MS),
  });
  return token;
}

/** The pending sign-in of a token, while it lives and has tries left. */
export async function readPendingSignIn(db: Database, token: string, now = new Date()): Promise<PendingSignIn | null> {
  if (!token || token.length > 200) return null;
  const [row] = await db
    .select()
    .from(authChallenges)
    .where(
      and(
        eq(authChallenges.tokenHash, sha256(token)),
        eq(authChallenges.kind, "second_factor"),
        gt(authChallenges.expiresAt, now),
        lt(authChallenges.failedAttempts, PENDING_SIGN_IN_MAX_FAILURES),
      ),
    );
  if (!row?.userId) return null;
  const method = row.method === "code" || row.method === "account_number" ? row.method : "password";
  return { userId: row.userId, method };
}

/** A wrong second factor: one try fewer for this token. */
export async function failPendingSignIn(db: Database, token: string): Promise<void> {
  await db
    .update(authChallenges)
    .set({ failedAttempts: sql`${authChallenges.failedAttempts} + 1` })
    .where(eq(authChallenges.tokenHash, sha256(token)));
}

/** Takes the token for good (the session is about to start); false when another request took it. */
export async function finishPendingSignIn(db: Database, token: string): Promise<boolean> {
  const taken = await db
    .delete(authChallenges)
    .where(and(eq(authChallenges.tokenHash, sha256(token)), eq(authChallenges.kind, "second_factor")))
    .returning({ tokenHash: authChallenges.tokenHash });
  return taken.length === 1;
}

/** Remembers a WebAuthn challenge the browser is about to sign (keyed by its hash). */
export async function rememberPasskeyChallenge(
  db: Database,
  input: { challenge: string; kind: "passkey_register" | "passkey_sign_in"; userId: number | null; now?: Date },
): Promise<void> {
  const now = input.now ?? new Date();
  await deleteExpiredChallenges(db, now);
  await db.insert(authChallenges).values({
    tokenHash: sha256(input.challenge),
    kind: input.kind,
    userId: input.userId,
    challenge: input.challenge,
    expiresAt: new Date(now.getTime() + PASSKEY_CHALLENGE_MS),
  });
}

/** Takes a challenge once, if it was ours, of this kind, alive, and (when given) for this user. */
export async function takePasskeyChallenge(
  db: Database,
  input: { challenge: string; kind: "passkey_register" | "passkey_sign_in"; now?: Date },
): Promise<{ challenge: string; userId: number | null } | null> {
  const now = input.now ?? new Date();
  const [row] = await db
    .delete(authChallenges)
    .where(and(eq(authChallenges.tokenHash, sha256(input.challenge)), eq(authChallenges.kind, input.kind)))
    .returning();
  if (!row?.challenge || row.expiresAt <= now) return null;
  return { challenge: row.challenge, userId: row.userId };
}
