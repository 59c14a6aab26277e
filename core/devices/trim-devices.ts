import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client";
import { devices } from "../../db/schema";

/**
 * When paid access ends (a refund, a dispute, an ended subscription), the account keeps only as
 * many devices as its limit now allows: the oldest bindings stay, the newest go. Returns how many
 * were unbound. Runs inside the transaction that ends the access.
 */
export async function trimDevicesToLimit(
  tx: Pick<Database, "select" | "delete">,
  userId: number,
  limit: number,
): Promise<number> {
  const bound = await tx.select({ id: devices.id }).from(devices).where(eq(devices.userId, userId)).orderBy(devices.id);
  const extra = bound.slice(Math.max(0, limit)).map((row) => row.id);
  if (extra.length === 0) return 0;
  await tx.delete(devices).where(and(eq(devices.userId, userId), inArray(devices.id, extra)));
  return extra.length;
}
