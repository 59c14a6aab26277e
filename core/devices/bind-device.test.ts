import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { plans, subscriptions } from "../../db/schema";
import { testDatabaseTargets } from "../../tests/helpers/test-databases";
import { createPasswordlessAccount } from "../auth/accounts";
import { bindDevice } from "./bind-device";
import { DEFAULT_DEVICE_LIMIT, listDevices } from "./devices";

const IOS = 101;
const device = (userId: number, n: number, appType = IOS) => ({
  userId,
  appType,
  deviceId: `device-${n}`,
  deviceName: `Phone ${n}`,
});

describe.each(testDatabaseTargets())("bindDevice on $name", (target) => {
  let database: DatabaseHandle;
  let userId: number;
  beforeEach(async () => {
    database = await target.open();
    userId = (await createPasswordlessAccount(database.db, "owner@example.com", "en"))!.id;
  });
  afterEach(async () => database.close());

  it("binds new devices up to the default limit, then refuses with the limit", async () => {
    for (let n = 1; n <= DEFAULT_DEVICE_LIMIT; n++) {
      expect(await bindDevice(database.db, device(userId, n))).toMatchObject({
        ok: true,
        device: { deviceId: `device-${n}` },
      });
    }
    expect(await bindDevice(database.db, device(userId, 99))).toEqual({ ok: false, limit: DEFAULT_DEVICE_LIMIT });
    expect((await listDevices(database.db, userId)).devices).toHaveLength(DEFAULT_DEVICE_LIMIT);
  });

  it("renames and marks seen a device already bound, even at the limit, without taking a place", async () => {
    for (let n = 1; n <= DEFAULT_DEVICE_LIMIT; n++) await bindDevice(database.db, device(userId, n));
    const later = new Date(Date.now() + 60_000);
    const again = await bindDevice(database.db, { ...device(userId, 3), deviceName: "Renamed" }, later);
    expect(again).toMatchObject({
      ok: true,
      device: { deviceId: "device-3", deviceName: "Renamed", lastSeenAt: later },
    });
    expect((await listDevices(database.db, userId)).devices).toHaveLength(DEFAULT_DEVICE_LIMIT);
  });

  it("counts the same device id of another application as another device", async () => {
    await bindDevice(database.db, device(userId, 1, IOS));
    await bindDevice(database.db, device(userId, 1, 201));
    expect((await listDevices(database.db, userId)).devices.map((row) => row.appType)).toEqual([IOS, 201]);
  });

  it("applies the limit of a plan with paid time left", async () => {
    await database.db.insert(plans).values({ id: "family", months: 12, deviceLimit: 7 });
    await database.db.insert(subscriptions).values({
      userId,
      planId: "family",
      provider: "card",
      processor: "sandbox",
      providerSubscriptionId: "sub_1",
      status: "active",
      currentPeriodEnd: new Date(Date.now() + 30 * 24 * 60 * 60 * 1000),
    });
    for (let n = 1; n <= 7; n++) expect((await bindDevice(database.db, device(userId, n))).ok).toBe(true);
    expect(await bindDevice(database.db, device(userId, 8))).toEqual({ ok: false, limit: 7 });
  });

  it("lets only one of two devices racing for the last place in", async () => {
    for (let n = 1; n < DEFAULT_DEVICE_LIMIT; n++) await bindDevice(database.db, device(userId, n));
    const results = await Promise.all([
      bindDevice(database.db, device(userId, 50)),
      bindDevice(database.db, device(userId, 51)),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect((await listDevices(database.db, userId)).devices).toHaveLength(DEFAULT_DEVICE_LIMIT);
  });
});
