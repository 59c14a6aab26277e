import type { Database } from "../../db/client";
import { type Account, findAccountById, updatePassword } from "./accounts";
import { verifyPassword } from "./hash-password";
import { revokeUserSessions } from "./sessions";

/**
 * Changes a password after checking the current one, and ends every other session of the account
 * (50012 on them); the session that asked stays. An account without a password is refused like a
 * wrong current password.
 */
export async function changePassword(
  db: Database,
  input: { userId: number; sessionId: number; oldPassword: string; newPassword: string },
): Promise<{ ok: true; account: Account } | { ok: false }> {
  const account = await findAccountById(db, input.userId);
  if (!account?.passwordHash || !(await verifyPassword(account.passwordHash, input.oldPassword))) {
    return { ok: false };
  }
  await updatePassword(db, account.id, input.newPassword);
  await revokeUserSessions(db, account.id, "password_change", { exceptSessionId: input.sessionId });
  return { ok: true, account };
}
