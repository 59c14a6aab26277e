import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { devices, users } from "../../db/schema";
import { deviceLimitForUser } from "../billing/orders";
import { placesUsed } from "../wireguard/peers";
import { DEFAULT_DEVICE_LIMIT, type Device } from "./devices";

export type BindDeviceResult = { ok: true; device: Device } | { ok: false; limit: number };

/**
 * Binds a device to an account under its plan's limit. A device already bound (same application
 * and device id) is only renamed and marked seen, even at the limit; a new one takes a place only
 * while one is free.
 */
export async function bindDevice(
  db: Database,
  input: { userId: number; appType: number; deviceId: string; deviceName: string },
  now: Date = new Date(),
): Promise<BindDeviceResult> {
  const { userId, appType, deviceId, deviceName } = input;
  const limit = await deviceLimitForUser(db, userId, DEFAULT_DEVICE_LIMIT, now);
  // One transaction, counting under a lock on the user row, so two devices cannot both take the last place.
  const device = await db.transaction(async (tx) => {
    await tx.execute(sql`select id from ${users} where id = ${userId} for update`);
    const [existing] = await tx
      .select()
      .from(devices)
      .where(and(eq(devices.userId, userId), eq(devices.appType, appType), eq(devices.deviceId, deviceId)));
    if (existing) {
      const [row] = await tx
        .update(devices)
        .set({ lastSeenAt: now, deviceName })
        .where(eq(devices.id, existing.id))
        .returning();
      return row;
    }
    // Manual WireGuard keys take places of the same limit (decision 044).
    if ((await placesUsed(tx, userId)) >= limit) return undefined;
    const [row] = await tx.insert(devices).values({ userId, appType, deviceId, deviceName }).returning();
    return row;
  });
  return device ? { ok: true, device } : { ok: false, limit };
}
