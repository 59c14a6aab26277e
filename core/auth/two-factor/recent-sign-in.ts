import { eq } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { sessionReauthentications, sessions } from "../../../db/schema";

/** Changes to two-factor sign-in need the owner to have proved themselves this recently. */
export const RECENT_SIGN_IN_MS = 10 * 60 * 1000;

/** Pure: is the latest proof (the sign-in, or a later confirmation) recent enough at `now`? */
export function isRecent(proofs: Array<Date | null | undefined>, now: Date): boolean {
  return proofs.some(
    (at) => at instanceof Date && at.getTime() <= now.getTime() && now.getTime() - at.getTime() < RECENT_SIGN_IN_MS,
  );
}

export async function signedInRecently(db: Database, sessionId: number, now = new Date()): Promise<boolean> {
  const [row] = await db
    .select({ createdAt: sessions.createdAt, reauthenticatedAt: sessionReauthentications.at })
    .from(sessions)
    .leftJoin(sessionReauthentications, eq(sessionReauthentications.sessionId, sessions.id))
    .where(eq(sessions.id, sessionId));
  return row ? isRecent([row.createdAt, row.reauthenticatedAt], now) : false;
}

/** The owner typed their password or an e-mailed code again in this session. */
export async function recordReauthentication(db: Database, sessionId: number, now = new Date()): Promise<void> {
  await db
    .insert(sessionReauthentications)
    .values({ sessionId, at: now })
    .onConflictDoUpdate({ target: sessionReauthentications.sessionId, set: { at: now } });
}
