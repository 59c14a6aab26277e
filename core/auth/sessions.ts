import { and, eq, isNull, ne } from "drizzle-orm";
import type { Database } from "../../db/client";
import { sessions, users } from "../../db/schema";
import { newToken, sha256 } from "../security/tokens";

/** Sliding lifetime: each use pushes the end 30 days out. */
export const SESSION_IDLE_DAYS = 30;
/** Hard cap from the login, whatever the use: the user logs in again after 180 days. */
export const SESSION_ABSOLUTE_DAYS = 180;
const DAY_MS = 24 * 60 * 60 * 1000;
// Refresh the sliding end at most once an hour, not on every request.
const SLIDE_EVERY_MS = 60 * 60 * 1000;

export type RevokeReason = "logout" | "password_change" | "password_reset" | "logout_all" | "address_proved";

export async function createSession(
  db: Database,
  input: { userId: number; appType: number; now?: Date },
): Promise<{ token: string; expiresAt: Date }> {
  const now = input.now ?? new Date();
  const token = newToken();
  const expiresAt = new Date(now.getTime() + SESSION_IDLE_DAYS * DAY_MS);
  await db.insert(sessions).values({
    tokenHash: sha256(token),
    userId: input.userId,
    appType: input.appType,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
    absoluteExpiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_DAYS * DAY_MS),
  });
  return { token, expiresAt };
}

export type SessionLookup =
  | { status: "valid"; sessionId: number; user: { id: number; email: string; passwordSet: boolean }; appType: number }
  | { status: "unknown" | "revoked" | "expired" };

/** Finds the session of a token and slides its expiry; says why when it is not usable. */
export async function resolveSession(db: Database, token: string, now: Date = new Date()): Promise<SessionLookup> {
  if (!token || token.length > 200) return { status: "unknown" };
  const [row] = await db
    .select({ session: sessions, user: { id: users.id, email: users.email, passwordHash: users.passwordHash } })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, sha256(token)));
  if (!row) return { status: "unknown" };
  const { session, user } = row;
  if (session.revokedAt) return { status: "revoked" };
  if (session.expiresAt <= now || session.absoluteExpiresAt <= now) return { status: "expired" };
  if (now.getTime() - session.lastSeenAt.getTime() > SLIDE_EVERY_MS) {
    const slid = new Date(Math.min(now.getTime() + SESSION_IDLE_DAYS * DAY_MS, session.absoluteExpiresAt.getTime()));
    await db.update(sessions).set({ lastSeenAt: now, expiresAt: slid }).where(eq(sessions.id, session.id));
  }
  return {
    status: "valid",
    sessionId: session.id,
    appType: session.appType,
    user: { id: user.id, email: user.email, passwordSet: user.passwordHash !== null },
  };
}

export async function revokeSession(db: Database, sessionId: number, reason: RevokeReason, now = new Date()) {
  await db
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every session of a user, except (optionally) the one making the change. */
export async function revokeUserSessions(
  db: Database,
  userId: number,
  reason: RevokeReason,
  options: { exceptSessionId?: number; now?: Date } = {},
) {
  const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
  if (options.exceptSessionId !== undefined) conditions.push(ne(sessions.id, options.exceptSessionId));
  await db
    .update(sessions)
    .set({ revokedAt: options.now ?? new Date(), revokedReason: reason })
    .where(and(...conditions));
}
