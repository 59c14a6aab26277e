import { and, count, eq, gt, notExists, notInArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { devices, subscriptions, users, wireguardPeerChanges, wireguardPeers } from "../../db/schema";
import { deviceLimitForUser, vipForUser } from "../billing/orders";
import { DEFAULT_DEVICE_LIMIT } from "../devices/free-device-limit";
import { type AddressPool, addressesFor, peerCapacity } from "./addresses";

/** A key of the manual WireGuard setup, as stored (decision 044). */
export type WireGuardPeer = typeof wireguardPeers.$inferSelect;

export type AddPeerResult =
  | { ok: true; peer: WireGuardPeer }
  | { ok: false; reason: "notVip" }
  | { ok: false; reason: "limit"; limit: number }
  | { ok: false; reason: "keyInUse" }
  | { ok: false; reason: "poolFull" };

type Reader = Pick<Database, "select">;

/** Places of the device limit an account uses: its bound app devices and its WireGuard keys. */
export async function placesUsed(db: Reader, userId: number): Promise<number> {
  const [apps] = await db.select({ n: count() }).from(devices).where(eq(devices.userId, userId));
  const [keys] = await db.select({ n: count() }).from(wireguardPeers).where(eq(wireguardPeers.userId, userId));
  return (apps?.n ?? 0) + (keys?.n ?? 0);
}

/** The account's keys, oldest first, with the limit and the places taken (apps included). */
export async function listPeers(db: Database, userId: number, now: Date = new Date()) {
  const peers = await db
    .select()
    .from(wireguardPeers)
    .where(eq(wireguardPeers.userId, userId))
    .orderBy(wireguardPeers.id);
  return {
    peers,
    limit: await deviceLimitForUser(db, userId, DEFAULT_DEVICE_LIMIT, now),
    used: await placesUsed(db, userId),
  };
}

/**
 * Registers a public key the customer's browser generated: only while the account has paid time
 * (VIP), only while a place of the device limit is free, and never a key some account already has.
 * The key gets the lowest free peer number of the pool and its addresses. The change feed's lock
 * is taken first (the trigger takes it anyway), so numbers are handed out one at a time and every
 * writer takes the locks in one order: the feed, then the account.
 */
export async function addPeer(
  db: Database,
  input: { userId: number; publicKey: string; name: string; pool: AddressPool },
  now: Date = new Date(),
): Promise<AddPeerResult> {
  const { userId, publicKey, name, pool } = input;
  if (!(await vipForUser(db, userId, now)).is_vip) return { ok: false, reason: "notVip" };
  const limit = await deviceLimitForUser(db, userId, DEFAULT_DEVICE_LIMIT, now);
  return db.transaction(async (tx): Promise<AddPeerResult> => {
    await tx.execute(sql`lock table ${wireguardPeerChanges} in exclusive mode`);
    await tx.execute(sql`select id from ${users} where id = ${userId} for update`);
    if ((await placesUsed(tx, userId)) >= limit) return { ok: false, reason: "limit", limit };
    const [taken] = await tx
      .select({ id: wireguardPeers.id })
      .from(wireguardPeers)
      .where(eq(wireguardPeers.publicKey, publicKey));
    if (taken) return { ok: false, reason: "keyInUse" };
    const index = await lowestFreeIndex(tx);
    if (index >= peerCapacity(pool)) return { ok: false, reason: "poolFull" };
    const [peer] = await tx
      .insert(wireguardPeers)
      .values({ userId, publicKey, name, addressIndex: index, ...addressesFor(pool, index), createdAt: now })
      .returning();
    if (!peer) throw new Error("the key was not stored");
    return { ok: true, peer };
  });
}

/** 0 while free, else the first number after a taken one that is free (numbers of revoked keys come back). */
async function lowestFreeIndex(tx: Pick<Database, "execute">): Promise<number> {
  const result = (await tx.execute(sql`
    select case
      when not exists (select 1 from ${wireguardPeers} where address_index = 0) then 0
      else (select min(p.address_index) + 1 from ${wireguardPeers} p
            where not exists (select 1 from ${wireguardPeers} q where q.address_index = p.address_index + 1))
    end as free`)) as unknown as { rows: Array<{ free: number | string }> };
  return Number(result.rows[0]?.free ?? 0);
}

/** Revokes one of the account's own keys (another account's is not found). True when it was there. */
export async function revokePeer(db: Database, input: { userId: number; id: number }): Promise<boolean> {
  const removed = await db
    .delete(wireguardPeers)
    .where(and(eq(wireguardPeers.id, input.id), eq(wireguardPeers.userId, input.userId)))
    .returning({ id: wireguardPeers.id });
  return removed.length > 0;
}

/**
 * Manual setup is for paid time only: the keys of accounts whose paid time has run out are revoked
 * (the servers drop them through the change feed). Runs hourly; returns how many were revoked.
 */
export async function revokeLapsedPeers(db: Database, now: Date = new Date()): Promise<number> {
  const removed = await db
    .delete(wireguardPeers)
    .where(
      notExists(
        db
          .select({ one: sql`1` })
          .from(subscriptions)
          .where(
            and(
              eq(subscriptions.userId, wireguardPeers.userId),
              notInArray(subscriptions.status, ["pending", "expired"]),
              gt(subscriptions.currentPeriodEnd, now),
            ),
          ),
      ),
    )
    .returning({ id: wireguardPeers.id });
  return removed.length;
}
