import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { sessions, users } from "../../db/schema";
import { DEMO_USER } from "../demo/seed";

export interface DisabledDemoUser {
  userId: number;
  email: string;
  /** The published demo password was still set, and is now removed. */
  passwordRemoved: boolean;
  /** Sessions that were still open, now revoked. */
  sessionsRevoked: number;
}

/**
 * A production database that still holds the seed's demo user (one that began life in
 * development) would let anyone in with the password published in this repository. This removes
 * that password and revokes the user's sessions, so nobody can sign in as it: every other way in
 * needs a code mailed to its address, under the reserved .test domain, which no mailbox receives.
 * Its orders and history stay for the operator. Null when there is no demo user.
 */
export async function disableDemoUser(db: Database, now: Date = new Date()): Promise<DisabledDemoUser | null> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, email: users.email, passwordHash: users.passwordHash })
      .from(users)
      .where(sql`lower(${users.email}) = ${DEMO_USER.email.toLowerCase()}`);
    if (!user?.email) return null;
    const cleared = await tx
      .update(users)
      .set({ passwordHash: null })
      .where(and(eq(users.id, user.id), isNotNull(users.passwordHash)))
      .returning({ id: users.id });
    const revoked = await tx
      .update(sessions)
      .set({ revokedAt: now, revokedReason: "demo_user_disabled" })
      .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    return { userId: user.id, email: user.email, passwordRemoved: cleared.length > 0, sessionsRevoked: revoked.length };
  });
}
