import { and, eq, isNotNull, isNull } from "drizzle-orm";
import type { Database } from "../../db/client";
import { users, wireguardPeers } from "../../db/schema";
import { revokeUserSessions } from "./sessions";

/**
 * Disabling an account (decision 058): staff stop an account without deleting it. While
 * `users.disabled_at` is set no way of signing in starts a session (password, e-mailed code,
 * passkey, account number: start-session.ts refuses with 40220), every open session of the
 * website and the apps ends, and the account's WireGuard keys are revoked, so the VPN servers'
 * peer list and change feed drop them (the trigger of migration 0017). Re-enabling lets the owner
 * sign in again; the keys stay revoked (the customer adds new ones, as after lapsed paid time).
 */

export interface DisableOutcome {
  /** False when the account was disabled already (nothing changed). */
  changed: boolean;
  sessionsEnded: number;
  keysRevoked: number;
}

/** Call inside the caller's transaction when it records the change too. Null: no such account. */
export async function disableAccount(db: Database, userId: number, now = new Date()): Promise<DisableOutcome | null> {
  const [exists] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!exists) return null;
  const marked = await db
    .update(users)
    .set({ disabledAt: now })
    .where(and(eq(users.id, userId), isNull(users.disabledAt)))
    .returning({ id: users.id });
  // Ended and revoked even when it was disabled already: nothing may outlive a disabled account.
  const sessionsEnded = await revokeUserSessions(db, userId, "account_disabled", { now });
  const keys = await db
    .delete(wireguardPeers)
    .where(eq(wireguardPeers.userId, userId))
    .returning({ id: wireguardPeers.id });
  return { changed: marked.length > 0, sessionsEnded, keysRevoked: keys.length };
}

/** Lets the account sign in again; false when it was not disabled (or does not exist). */
export async function enableAccount(db: Database, userId: number): Promise<boolean> {
  const cleared = await db
    .update(users)
    .set({ disabledAt: null })
    .where(and(eq(users.id, userId), isNotNull(users.disabledAt)))
    .returning({ id: users.id });
  return cleared.length > 0;
}

/** Whether an account is disabled: the one check every sign-in makes before a session starts. */
export const isDisabled = (account: { disabledAt?: Date | null }) => Boolean(account.disabledAt);
