import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client";
import { devices, wireguardPeers } from "../../db/schema";

/**
 * When paid access ends (a refund, a dispute, an ended subscription), the account keeps only as
 * many devices as its limit now allows: the oldest bindings stay, the newest go; then its manual
 * WireGuard keys keep only the places left (decision 044; deleting one tells the VPN servers through
 * the change feed). Returns how many were unbound or revoked. Runs inside the transaction that ends the access.
 */
export async function trimDevicesToLimit(
  tx: Pick<Database, "select" | "delete">,
  userId: number,
  limit: number,
): Promise<number> {
  const bound = await tx.select({ id: devices.id }).from(devices).where(eq(devices.userId, userId)).orderBy(devices.id);
  const extra = bound.slice(Math.max(0, limit)).map((row) => row.id);
  if (extra.length > 0) await tx.delete(devices).where(and(eq(devices.userId, userId), inArray(devices.id, extra)));
  const keys = await tx
    .select({ id: wireguardPeers.id })
    .from(wireguardPeers)
    .where(eq(wireguardPeers.userId, userId))
    .orderBy(wireguardPeers.id);
  const extraKeys = keys.slice(Math.max(0, limit - bound.length)).map((row) => row.id);
  if (extraKeys.length > 0) {
    await tx
      .delete(wireguardPeers)
      .where(and(eq(wireguardPeers.userId, userId), inArray(wireguardPeers.id, extraKeys)));
  }
  return extra.length + extraKeys.length;
}
