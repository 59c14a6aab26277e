import { and, desc, eq, gte, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { securityEvents, users } from "../../db/schema";
import { isNotifiedChange, SECURITY_LOG_DAYS, type SecurityEventKind } from "../../universal/account/security-events";
import { queueMail } from "../email/outbox";
import { securityNoticeMail } from "../email/security-mail";

export type { SecurityEventKind };

const DAY_MS = 24 * 60 * 60 * 1000;

/** The oldest moment the log still keeps at `now`: anything older is deleted and never shown. */
export function securityLogCutoff(now: Date, days = SECURITY_LOG_DAYS): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

export interface SecurityEventInput {
  userId: number;
  kind: SecurityEventKind;
  /** The X-App-Type of the request, when there was one. */
  appType?: number;
  /** ISO country of the client's address (never the address). */
  country?: string | null;
  now?: Date;
}

/**
 * Records one event of the account's security log. A change (password, e-mail, second factor;
 * `isNotifiedChange`) also queues a notice to the account's address in its language, unless the
 * caller sends a mail of its own for it (`mail: false`, as the e-mail change with its undo link).
 * For every part of the account that changes a credential: call this after the change is stored.
 */
export async function recordSecurityEvent(
  db: Database,
  event: SecurityEventInput,
  options: { mail?: boolean; onMailQueued?: () => void } = {},
): Promise<void> {
  const now = event.now ?? new Date();
  await db.insert(securityEvents).values({
    userId: event.userId,
    kind: event.kind,
    appType: event.appType ?? null,
    country: event.country ?? null,
    createdAt: now,
  });
  if (options.mail === false || !isNotifiedChange(event.kind)) return;
  const [account] = await db
    .select({ email: users.email, locale: users.locale })
    .from(users)
    .where(eq(users.id, event.userId));
  // An account-number account has no address to tell (decision 042): the log shows the change.
  if (!account?.email) return;
  await queueMail(db, {
    to: account.email,
    ...securityNoticeMail({ email: account.email, locale: account.locale, kind: event.kind, at: now }),
  });
  options.onMailQueued?.();
}

export interface SecurityLog {
  events: Array<{ kind: SecurityEventKind; at: Date; country: string | null; appType: number | null }>;
  signIns: { succeeded: number; failed: number };
}

/** The newest events of the kept window (at most `limit`), and the sign-in counts over all of it. */
export async function readSecurityLog(
  db: Database,
  userId: number,
  options: { now?: Date; limit?: number } = {},
): Promise<SecurityLog> {
  const kept = and(
    eq(securityEvents.userId, userId),
    gte(securityEvents.createdAt, securityLogCutoff(options.now ?? new Date())),
  );
  const rows = await db
    .select()
    .from(securityEvents)
    .where(kept)
    .orderBy(desc(securityEvents.createdAt), desc(securityEvents.id))
    .limit(options.limit ?? 50);
  const counts = await db
    .select({ kind: securityEvents.kind, count: sql<number>`count(*)::int` })
    .from(securityEvents)
    .where(and(kept, sql`${securityEvents.kind} in ('sign_in', 'sign_in_failed')`))
    .groupBy(securityEvents.kind);
  const count = (kind: SecurityEventKind) => Number(counts.find((row) => row.kind === kind)?.count ?? 0);
  return {
    events: rows.map((row) => ({
      kind: row.kind as SecurityEventKind,
      at: row.createdAt,
      country: row.country,
      appType: row.appType,
    })),
    signIns: { succeeded: count("sign_in"), failed: count("sign_in_failed") },
  };
}

/**
 * Deletes every account's events older than the kept window. Idempotent, so each process may
 * run it on its own schedule (server/start-server.ts) without coordinating.
 */
export async function deleteExpiredSecurityEvents(db: Database, now: Date = new Date()): Promise<number> {
  const deleted = await db
    .delete(securityEvents)
    .where(lt(securityEvents.createdAt, securityLogCutoff(now)))
    .returning({ id: securityEvents.id });
  return deleted.length;
}
