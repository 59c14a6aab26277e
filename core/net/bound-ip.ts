import { isIP } from "node:net";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { boundIps } from "../../db/schema";
import { isPublicAddress } from "../../universal/net/ip-address";

/** The one address an account may bind (SPEC §7 user_ip), and when it was bound. */
export interface BoundIp {
  ip: string;
  boundAt: Date;
}

export async function boundIpOf(db: Database, userId: number): Promise<BoundIp | null> {
  const [row] = await db.select().from(boundIps).where(eq(boundIps.userId, userId));
  return row ? { ip: row.ip, boundAt: row.boundAt } : null;
}

/** Binds a public IPv4 or IPv6 address, replacing any bound one; anything else is refused. */
export async function bindIp(
  db: Database,
  input: { userId: number; ip: string },
  now: Date = new Date(),
): Promise<{ ok: true; bound: BoundIp } | { ok: false }> {
  const ip = input.ip.trim();
  if (!isIP(ip) || !isPublicAddress(ip)) return { ok: false };
  await db
    .insert(boundIps)
    .values({ userId: input.userId, ip, boundAt: now })
    .onConflictDoUpdate({ target: boundIps.userId, set: { ip, boundAt: now } });
  return { ok: true, bound: { ip, boundAt: now } };
}

export async function removeBoundIp(db: Database, userId: number): Promise<void> {
  await db.delete(boundIps).where(eq(boundIps.userId, userId));
}
