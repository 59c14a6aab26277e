import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { devices } from "../../db/schema";
import { deviceLimitForUser } from "../billing/orders";
import { DEFAULT_DEVICE_LIMIT } from "./free-device-limit";

export { DEFAULT_DEVICE_LIMIT };

/** A device bound to an account: one per (account, application, device id). */
export type Device = typeof devices.$inferSelect;

/** The account's devices, oldest binding first, and how many it may bind. */
export async function listDevices(db: Database, userId: number): Promise<{ devices: Device[]; limit: number }> {
  const rows = await db.select().from(devices).where(eq(devices.userId, userId)).orderBy(devices.id);
  return { devices: rows, limit: await deviceLimitForUser(db, userId, DEFAULT_DEVICE_LIMIT) };
}

/**
 * Unbinds the account's devices of one application, or only the one with `deviceId`; another
 * account's devices are never touched. Returns how many were removed.
 */
export async function unbindDevices(
  db: Database,
  input: { userId: number; appType: number; deviceId?: string },
): Promise<number> {
  const conditions = [eq(devices.userId, input.userId), eq(devices.appType, input.appType)];
  if (input.deviceId) conditions.push(eq(devices.deviceId, input.deviceId));
  const removed = await db
    .delete(devices)
    .where(and(...conditions))
    .returning({ id: devices.id });
  return removed.length;
}
