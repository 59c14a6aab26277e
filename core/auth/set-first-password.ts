import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../../db/client";
import { users } from "../../db/schema";
import { type Account, findAccountById } from "./accounts";
import { hashPassword } from "./hash-password";
import { proveAddress } from "./prove-address";
import { consumeVerification } from "./verification";

export type SetFirstPasswordResult =
  | { ok: true; account: Account }
  | { ok: false; reason: "no_account" | "already_set" | "code_required" | "code_invalid" | "email_required" };

/**
 * The first password of a passwordless account (decision 020). Until the address is proved, a
 * session proves nothing (anyone can sign up with any address at checkout), so an e-mailed
 * set_password code must come with the password; it proves the address, which ends every other
 * session. An account whose owner already proved the address (a code sign-in) needs no code.
 */
export async function setFirstPassword(
  db: Database,
  input: { userId: number; sessionId: number; password: string; code?: string; ticket?: string; now?: Date },
): Promise<SetFirstPasswordResult> {
  const now = input.now ?? new Date();
  const account = await findAccountById(db, input.userId);
  if (!account) return { ok: false, reason: "no_account" };
  if (account.passwordHash) return { ok: false, reason: "already_set" };
  // No address to prove: an account-number account adds one first (decision 042).
  if (account.email === null) return { ok: false, reason: "email_required" };
  if (!account.emailVerifiedAt) {
    if (!input.code && !input.ticket) return { ok: false, reason: "code_required" };
    const used = await consumeVerification(db, {
      email: account.email,
      purpose: "set_password",
      code: input.code,
      ticket: input.ticket,
      now,
    });
    if (!used.ok) return { ok: false, reason: "code_invalid" };
    await proveAddress(db, { userId: account.id, keepSessionId: input.sessionId, now });
  }
  const passwordHash = await hashPassword(input.password);
  const [updated] = await db
    .update(users)
    .set({ passwordHash })
    .where(and(eq(users.id, account.id), isNull(users.passwordHash)))
    .returning();
  return updated ? { ok: true, account: updated } : { ok: false, reason: "already_set" };
}
