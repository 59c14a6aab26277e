import { isIP } from "node:net";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { boundIps, plans, subscriptions, users } from "../../db/schema";
import { isPublicAddress } from "../../universal/net/ip-address";
import { remainingSeconds, type SubscriptionStatus } from "../billing/subscription-state";

/** An address bound to an account (SPEC §1 "manage bound IP addresses"), and when it was bound. */
export interface BoundIp {
  ip: string;
  boundAt: Date;
}

/** How many addresses an account without a paid plan may bind (and the plans' column default). */
export const DEFAULT_IP_LIMIT = 1;

/** The account's addresses, oldest first, and how many it may bind. */
export async function boundIpsOf(
  db: Database,
  userId: number,
  now: Date = new Date(),
): Promise<{ addresses: BoundIp[]; limit: number }> {
  const rows = await db
    .select({ ip: boundIps.ip, boundAt: boundIps.boundAt })
    .from(boundIps)
    .where(eq(boundIps.userId, userId))
    .orderBy(asc(boundIps.boundAt), asc(boundIps.ip));
  return { addresses: rows, limit: await ipLimitForUser(db, userId, now) };
}

/** The largest `ip_limit` among the plans the account is paid up for; DEFAULT_IP_LIMIT without one. */
export async function ipLimitForUser(
  db: Pick<Database, "select">,
  userId: number,
  now: Date = new Date(),
): Promise<number> {
  const rows = await db
    .select({ status: subscriptions.status, end: subscriptions.currentPeriodEnd, limit: plans.ipLimit })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(eq(subscriptions.userId, userId));
  const paid = rows.filter(
    (row) => remainingSeconds({ status: row.status as SubscriptionStatus, currentPeriodEnd: row.end }, now) > 0,
  );
  return paid.length > 0 ? Math.max(...paid.map((row) => row.limit)) : DEFAULT_IP_LIMIT;
}

export type BindIpResult =
  | { ok: true; bound: BoundIp }
  | { ok: false; reason: "not_public" }
  | { ok: false; reason: "limit"; limit: number };

/**
 * Binds a public IPv4 or IPv6 address while the account has a free place under its plan's limit.
 * An address already bound stays as it was (binding it again is no error, even at the limit);
 * private, loopback and malformed addresses are refused.
 */
export async function bindIp(
  db: Database,
  input: { userId: number; ip: string },
  now: Date = new Date(),
): Promise<BindIpResult> {
  const ip = input.ip.trim();
  if (!isIP(ip) || !isPublicAddress(ip)) return { ok: false, reason: "not_public" };
  const limit = await ipLimitForUser(db, input.userId, now);
  // Counted under a lock on the user row, so two binds cannot both take the last place.
  return db.transaction(async (tx): Promise<BindIpResult> => {
    await tx.execute(sql`select id from ${users} where id = ${input.userId} for update`);
    const [existing] = await tx
      .select({ ip: boundIps.ip, boundAt: boundIps.boundAt })
      .from(boundIps)
      .where(and(eq(boundIps.userId, input.userId), eq(boundIps.ip, ip)));
    if (existing) return { ok: true, bound: existing };
    const [{ count } = { count: 0 }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(boundIps)
      .where(eq(boundIps.userId, input.userId));
    if (count >= limit) return { ok: false, reason: "limit", limit };
    await tx.insert(boundIps).values({ userId: input.userId, ip, boundAt: now });
    return { ok: true, bound: { ip, boundAt: now } };
  });
}

/**
 * Removes one bound address, or every one when none is named (SPEC §7's remove has an empty
 * body). How many were removed: 0 when the named address was not bound.
 */
export async function removeBoundIp(db: Database, userId: number, ip?: string): Promise<number> {
  const which =
    ip === undefined ? eq(boundIps.userId, userId) : and(eq(boundIps.userId, userId), eq(boundIps.ip, ip.trim()));
  const removed = await db.delete(boundIps).where(which).returning({ ip: boundIps.ip });
  return removed.length;
}
