import type { Database } from "../../db/client";
import { forgetLoginFailures } from "../security/rate-limits";
import { findAccountByEmail, updatePassword } from "./accounts";
import { proveAddress } from "./prove-address";
import { revokeUserSessions } from "./sessions";
import { consumeVerification } from "./verification";

/**
 * A new password by e-mailed code (or its ticket): proves the address, ends every session and
 * forgets the address's failed passwords, so the owner is in again however many others tried.
 * A wrong code and an address without an account get the same refusal.
 */
export async function resetPassword(
  db: Database,
  input: { email: string; password: string; code?: string; ticket?: string; now?: Date },
): Promise<{ ok: true; userId: number } | { ok: false }> {
  const now = input.now ?? new Date();
  const { email, code, ticket } = input;
  const used = await consumeVerification(db, { email, code, ticket, purpose: "reset_password", now });
  const account = used.ok ? await findAccountByEmail(db, input.email) : undefined;
  if (!account) return { ok: false };
  await proveAddress(db, { userId: account.id, now });
  await updatePassword(db, account.id, input.password);
  await revokeUserSessions(db, account.id, "password_reset", { now });
  await forgetLoginFailures(db, input.email);
  return { ok: true, userId: account.id };
}
