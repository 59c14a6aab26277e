import { and, asc, gt, lt, max, min, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { wireguardPeerChanges, wireguardPeers } from "../../db/schema";

/**
 * What the operator's WireGuard servers read (decision 044): the whole peer list with the cursor
 * it is current to, then the changes after a cursor. A server starts (or resynchronises) with the
 * list and then polls the feed with the last cursor it applied.
 */
export interface PeerEntry {
  public_key: string;
  ipv4: string;
  ipv6: string;
}

export interface PeerChange extends PeerEntry {
  cursor: number;
  kind: "add" | "remove";
  at: string;
}

/** Every key and the cursor of the last change it includes (read under a lock no writer holds). */
export async function peerSnapshot(db: Database): Promise<{ peers: PeerEntry[]; cursor: number }> {
  return db.transaction(async (tx) => {
    // SHARE conflicts with the writers' EXCLUSIVE lock: no change is half-way while both are read.
    await tx.execute(sql`lock table ${wireguardPeerChanges} in share mode`);
    const peers = await tx
      .select({ public_key: wireguardPeers.publicKey, ipv4: wireguardPeers.ipv4, ipv6: wireguardPeers.ipv6 })
      .from(wireguardPeers)
      .orderBy(asc(wireguardPeers.addressIndex));
    const [last] = await tx.select({ id: max(wireguardPeerChanges.id) }).from(wireguardPeerChanges);
    return { peers, cursor: Number(last?.id ?? 0) };
  });
}

/**
 * Changes after `cursor`, oldest first, at most `limit` (`more` when there are others). `resync`
 * when the cursor cannot be followed: changes after it were deleted by the retention, or it is ahead
 * of the feed (another database): the server then reads the whole list again.
 */
export async function changesSince(
  db: Database,
  cursor: number,
  limit = 1000,
): Promise<{ changes: PeerChange[]; cursor: number; more: boolean; resync: boolean }> {
  const [bounds] = await db
    .select({ first: min(wireguardPeerChanges.id), last: max(wireguardPeerChanges.id) })
    .from(wireguardPeerChanges);
  const first = bounds?.first === null || bounds?.first === undefined ? null : Number(bounds.first);
  const last = bounds?.last === null || bounds?.last === undefined ? 0 : Number(bounds.last);
  if (cursor > last || (first !== null && cursor < first - 1)) {
    return { changes: [], cursor, more: false, resync: true };
  }
  const rows = await db
    .select()
    .from(wireguardPeerChanges)
    .where(gt(wireguardPeerChanges.id, cursor))
    .orderBy(asc(wireguardPeerChanges.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return {
    changes: page.map((row) => ({
      cursor: row.id,
      kind: row.kind === "remove" ? "remove" : "add",
      public_key: row.publicKey,
      ipv4: row.ipv4,
      ipv6: row.ipv6,
      at: row.at.toISOString(),
    })),
    cursor: page.at(-1)?.id ?? cursor,
    more: rows.length > limit,
    resync: false,
  };
}

/**
 * Deletes changes older than `days`, always keeping the newest (so a cursor from before the
 * deletion is known to be behind it). Returns how many were deleted.
 */
export async function deleteOldPeerChanges(db: Database, days: number, now: Date = new Date()): Promise<number> {
  const before = new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
  const deleted = await db
    .delete(wireguardPeerChanges)
    .where(
      and(
        lt(wireguardPeerChanges.at, before),
        lt(wireguardPeerChanges.id, sql`(select max(id) from ${wireguardPeerChanges})`),
      ),
    )
    .returning({ id: wireguardPeerChanges.id });
  return deleted.length;
}
