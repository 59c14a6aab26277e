import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { testDatabaseTargets } from "../../tests/helpers/test-databases";
import { createPasswordlessAccount } from "../auth/accounts";
import { bindDevice } from "./bind-device";
import { DEFAULT_DEVICE_LIMIT, listDevices, unbindDevices } from "./devices";

const IOS = 101;
const ANDROID = 201;

describe.each(testDatabaseTargets())("listDevices and unbindDevices on $name", (target) => {
  let database: DatabaseHandle;
  let owner: number;
  let stranger: number;
  beforeEach(async () => {
    database = await target.open();
    owner = (await createPasswordlessAccount(database.db, "owner@example.com", "en"))!.id;
    stranger = (await createPasswordlessAccount(database.db, "stranger@example.com", "en"))!.id;
    const bind = (userId: number, appType: number, deviceId: string) =>
      bindDevice(database.db, { userId, appType, deviceId, deviceName: deviceId });
    await bind(owner, IOS, "ipad");
    await bind(owner, IOS, "iphone");
    await bind(owner, ANDROID, "pixel");
    await bind(stranger, IOS, "ipad");
  });
  afterEach(async () => database.close());

  const deviceIds = async (userId: number) =>
    (await listDevices(database.db, userId)).devices.map((row) => `${row.appType}/${row.deviceId}`);

  it("lists only the account's own devices, oldest binding first, with its limit", async () => {
    expect(await deviceIds(owner)).toEqual(["101/ipad", "101/iphone", "201/pixel"]);
    expect((await listDevices(database.db, owner)).limit).toBe(DEFAULT_DEVICE_LIMIT);
  });

  it("unbinds one device by id, or every device of an application, never another account's", async () => {
    expect(await unbindDevices(database.db, { userId: owner, appType: IOS, deviceId: "ipad" })).toBe(1);
    expect(await deviceIds(owner)).toEqual(["101/iphone", "201/pixel"]);
    expect(await deviceIds(stranger)).toEqual(["101/ipad"]);
    expect(await unbindDevices(database.db, { userId: owner, appType: ANDROID })).toBe(1);
    expect(await deviceIds(owner)).toEqual(["101/iphone"]);
  });

  it("removes nothing for an unknown device or application", async () => {
    expect(await unbindDevices(database.db, { userId: owner, appType: IOS, deviceId: "nokia" })).toBe(0);
    expect(await unbindDevices(database.db, { userId: owner, appType: 999 })).toBe(0);
    expect(await deviceIds(owner)).toHaveLength(3);
  });
});
