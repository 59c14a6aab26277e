import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../../db/client";
import { users } from "../../db/schema";
import { revokeUserSessions } from "./sessions";

/**
 * Records that the owner of an account's address proved it (an e-mailed code). The first proof
 * ends every other session, since anyone could have opened one by typing the address at
 * checkout, and drops a password set before it (only accounts from before decision 020 can
 * have one). Later proofs change nothing.
 */
export async function proveAddress(
  db: Database,
  input: { userId: number; keepSessionId?: number; now?: Date },
): Promise<{ firstProof: boolean }> {
  const now = input.now ?? new Date();
  const proved = await db
    .update(users)
    .set({ emailVerifiedAt: now, passwordHash: null })
    .where(and(eq(users.id, input.userId), isNull(users.emailVerifiedAt)))
    .returning({ id: users.id });
  if (proved.length === 0) return { firstProof: false };
  await revokeUserSessions(db, input.userId, "address_proved", { exceptSessionId: input.keepSessionId, now });
  return { firstProof: true };
}
