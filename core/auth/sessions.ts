import { and, asc, eq, gt, isNull, ne } from "drizzle-orm";
import type { Database } from "../../db/client";
import { sessions, users } from "../../db/schema";
import { newToken, sha256 } from "../security/tokens";

/** Sliding lifetime: each use pushes the end 30 days out. */
export const SESSION_IDLE_DAYS = 30;
/** Hard cap from the login, whatever the use: the user logs in again after 180 days. */
export const SESSION_ABSOLUTE_DAYS = 180;
const DAY_MS = 24 * 60 * 60 * 1000;
// Refresh "last seen" and the sliding end at most every five minutes, not on every request.
export const LAST_SEEN_EVERY_MS = 5 * 60 * 1000;

export type RevokeReason =
  | "logout"
  | "password_change"
  | "password_reset"
  | "logout_all"
  | "address_proved"
  | "ended_from_list"
  | "email_change_undone"
  | "account_disabled"
  | "ended_by_staff";

/** Whether a use at `now` writes the session's last-seen time (and slides its end). */
export function lastSeenIsStale(lastSeenAt: Date, now: Date): boolean {
  return now.getTime() - lastSeenAt.getTime() >= LAST_SEEN_EVERY_MS;
}

export async function createSession(
  db: Database,
  input: {
    userId: number;
    appType: number;
    now?: Date;
    /** For the session list: names from the user agent, the country of the address (core/auth/user-agent.ts). */
    client?: { browser: string | null; os: string | null; country: string | null };
  },
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
    browser: input.client?.browser ?? null,
    os: input.client?.os ?? null,
    country: input.client?.country ?? null,
  });
  return { token, expiresAt };
}

export type SessionLookup =
  | {
      status: "valid";
      sessionId: number;
      user: { id: number; email: string | null; passwordSet: boolean };
      appType: number;
    }
  | { status: "unknown" | "revoked" | "expired" };

/** Finds the session of a token and slides its expiry; says why when it is not usable. */
export async function resolveSession(db: Database, token: string, now: Date = new Date()): Promise<SessionLookup> {
  if (!token || token.length > 200) return { status: "unknown" };
  const [row] = await db
    .select({
      session: sessions,
      user: { id: users.id, email: users.email, passwordHash: users.passwordHash, disabledAt: users.disabledAt },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, sha256(token)));
  if (!row) return { status: "unknown" };
  const { session, user } = row;
  // A disabled account's sessions were ended with it; one started in a race ends here (decision 058).
  if (session.revokedAt || user.disabledAt) return { status: "revoked" };
  if (session.expiresAt <= now || session.absoluteExpiresAt <= now) return { status: "expired" };
  if (lastSeenIsStale(session.lastSeenAt, now)) {
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
  const ended = await db
    .update(sessions)
    .set({ revokedAt: options.now ?? new Date(), revokedReason: reason })
    .where(and(...conditions))
    .returning({ id: sessions.id });
  return ended.length;
}

export interface ActiveSession {
  id: number;
  appType: number;
  browser: string | null;
  os: string | null;
  country: string | null;
  createdAt: Date;
  lastSeenAt: Date;
}

/** The user's sessions that still work (not ended, not expired), oldest first. */
export async function listActiveSessions(
  db: Database,
  userId: number,
  now: Date = new Date(),
): Promise<ActiveSession[]> {
  return db
    .select({
      id: sessions.id,
      appType: sessions.appType,
      browser: sessions.browser,
      os: sessions.os,
      country: sessions.country,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        gt(sessions.absoluteExpiresAt, now),
      ),
    )
    .orderBy(asc(sessions.createdAt), asc(sessions.id));
}

/** How many sessions the account page lists: an account signed in thousands of times stays one card. */
export const SESSION_LIST_LIMIT = 20;

/**
 * The sessions a list shows: the `limit` most recently active, always with `keepId` (the one asking),
 * oldest first as listActiveSessions gives them. "Sign out all other sessions" ends the rest too.
 */
export function recentSessions<T extends { id: number; lastSeenAt: Date }>(
  sessions: readonly T[],
  limit: number,
  keepId?: number,
): T[] {
  if (sessions.length <= limit) return [...sessions];
  const kept = sessions.filter((session) => session.id === keepId).slice(0, limit);
  const recent = [...sessions]
    .filter((session) => session.id !== keepId)
    .sort((a, b) => b.lastSeenAt.getTime() - a.lastSeenAt.getTime() || b.id - a.id)
    .slice(0, limit - kept.length);
  const shown = new Set([...kept, ...recent]);
  return sessions.filter((session) => shown.has(session));
}

/** Ends one of the user's own sessions; false when it is not theirs or already ended. */
export async function endOwnSession(
  db: Database,
  input: { userId: number; sessionId: number; now?: Date; reason?: "ended_from_list" | "ended_by_staff" },
): Promise<boolean> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: input.now ?? new Date(), revokedReason: input.reason ?? "ended_from_list" })
    .where(and(eq(sessions.id, input.sessionId), eq(sessions.userId, input.userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return ended.length > 0;
}
