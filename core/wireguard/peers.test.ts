import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { plans, subscriptions, users, wireguardPeerChanges } from "../../db/schema";
import { testDatabaseTargets } from "../../tests/helpers/test-databases";
import { createPasswordlessAccount } from "../auth/accounts";
import { bindDevice } from "../devices/bind-device";
import { trimDevicesToLimit } from "../devices/trim-devices";
import { addressPool } from "./addresses";
import { changesSince, deleteOldPeerChanges, peerSnapshot } from "./operator-feed";
import { addPeer, listPeers, revokeLapsedPeers, revokePeer } from "./peers";

const pool = addressPool("10.64.0.0/10", "fd64:7670::/64");
const DAY = 24 * 60 * 60 * 1000;
/** A valid key per number: 31 zero bytes and the number (base64 of 32 bytes). */
const key = (n: number) => Buffer.from([...new Uint8Array(31), n]).toString("base64");

describe.each(testDatabaseTargets())("WireGuard keys on $name", (target) => {
  let database: DatabaseHandle;
  let userId: number;

  async function paidAccount(email: string, deviceLimit = 3, end = new Date(Date.now() + 30 * DAY)) {
    const id = (await createPasswordlessAccount(database.db, email, "en"))!.id;
    const planId = `plan-${id}`;
    await database.db.insert(plans).values({ id: planId, months: 12, deviceLimit });
    await database.db.insert(subscriptions).values({
      userId: id,
      planId,
      provider: "card",
      processor: "sandbox",
      providerSubscriptionId: `sub_${id}`,
      status: "active",
      currentPeriodEnd: end,
    });
    return id;
  }
  const add = (user: number, n: number) =>
    addPeer(database.db, { userId: user, publicKey: key(n), name: `Laptop ${n}`, pool });

  beforeEach(async () => {
    database = await target.open();
    userId = await paidAccount("owner@example.com");
  });
  afterEach(async () => database.close());

  it("refuses an account without paid time", async () => {
    const free = (await createPasswordlessAccount(database.db, "free@example.com", "en"))!.id;
    expect(await add(free, 1)).toEqual({ ok: false, reason: "notVip" });
  });

  it("gives each key the next addresses, within the plan's limit shared with the apps", async () => {
    await bindDevice(database.db, { userId, appType: 101, deviceId: "phone", deviceName: "Phone" });
    expect(await add(userId, 1)).toMatchObject({ ok: true, peer: { ipv4: "10.64.0.16", ipv6: "fd64:7670::10" } });
    expect(await add(userId, 2)).toMatchObject({ ok: true, peer: { ipv4: "10.64.0.17", ipv6: "fd64:7670::11" } });
    expect(await add(userId, 3)).toEqual({ ok: false, reason: "limit", limit: 3 });
    // And an app cannot take a place a key holds.
    expect(await bindDevice(database.db, { userId, appType: 101, deviceId: "tablet", deviceName: "Tab" })).toEqual({
      ok: false,
      limit: 3,
    });
    expect(await listPeers(database.db, userId)).toMatchObject({ limit: 3, used: 3 });
  });

  it("refuses a key any account has, and revokes only the owner's own", async () => {
    const other = await paidAccount("other@example.com");
    const first = await add(userId, 1);
    expect(await add(other, 1)).toEqual({ ok: false, reason: "keyInUse" });
    if (!first.ok) throw new Error("not added");
    expect(await revokePeer(database.db, { userId: other, id: first.peer.id })).toBe(false);
    expect(await revokePeer(database.db, { userId, id: first.peer.id })).toBe(true);
    expect(await revokePeer(database.db, { userId, id: first.peer.id })).toBe(false);
  });

  it("hands a revoked key's addresses to the next key", async () => {
    await add(userId, 1);
    const second = await add(userId, 2);
    await add(userId, 3);
    if (!second.ok) throw new Error("not added");
    await revokePeer(database.db, { userId, id: second.peer.id });
    expect(await add(userId, 4)).toMatchObject({ ok: true, peer: { addressIndex: 1, ipv4: "10.64.0.17" } });
  });

  it("gives keys of accounts racing each other different addresses", async () => {
    const others = await Promise.all([1, 2, 3, 4].map((n) => paidAccount(`racer${n}@example.com`)));
    const results = await Promise.all(others.map((other, n) => add(other, 10 + n)));
    const indexes = results.map((result) => (result.ok ? result.peer.addressIndex : -1));
    expect(new Set(indexes)).toEqual(new Set([0, 1, 2, 3]));
  });

  it("refuses when the pool is full", async () => {
    const tiny = addressPool("10.9.9.0/27", "fd00::/64");
    for (let n = 1; n <= 3; n++) {
      const other = await paidAccount(`pool${n}@example.com`, 100);
      for (let m = 0; m < 5; m++) {
        await addPeer(database.db, { userId: other, publicKey: key(n * 10 + m), name: "x", pool: tiny });
      }
    }
    // 32 addresses, 16 reserved, the broadcast one never given: 15 keys.
    expect(await addPeer(database.db, { userId, publicKey: key(99), name: "x", pool: tiny })).toEqual({
      ok: false,
      reason: "poolFull",
    });
  });

  it("feeds every addition and removal, whatever removes the key, after the snapshot's cursor", async () => {
    await add(userId, 1);
    const snapshot = await peerSnapshot(database.db);
    expect(snapshot.peers).toEqual([{ public_key: key(1), ipv4: "10.64.0.16", ipv6: "fd64:7670::10" }]);
    const other = await paidAccount("leaver@example.com");
    await add(other, 2);
    const mine = await listPeers(database.db, userId);
    await revokePeer(database.db, { userId, id: mine.peers[0]!.id });
    // Deleting the account deletes its key through the foreign key: the trigger still sees it.
    await database.db.delete(users).where(eq(users.id, other));

    const feed = await changesSince(database.db, snapshot.cursor);
    expect(feed.changes.map((change) => [change.kind, change.public_key])).toEqual([
      ["add", key(2)],
      ["remove", key(1)],
      ["remove", key(2)],
    ]);
    expect(feed).toMatchObject({ more: false, resync: false, cursor: feed.changes.at(-1)!.cursor });
    expect((await changesSince(database.db, feed.cursor)).changes).toEqual([]);
    // Pages.
    const page = await changesSince(database.db, snapshot.cursor, 2);
    expect(page).toMatchObject({ more: true, cursor: feed.changes[1]!.cursor });
    expect((await peerSnapshot(database.db)).peers).toEqual([]);
  });

  it("asks a server to resync when its cursor is older than the feed keeps, or ahead of it", async () => {
    await add(userId, 1);
    await add(userId, 2);
    const { cursor } = await peerSnapshot(database.db);
    expect((await changesSince(database.db, cursor + 5)).resync).toBe(true);
    const later = new Date(Date.now() + 40 * DAY);
    // The newest change stays, so a cursor from before the deletion is known to be behind.
    expect(await deleteOldPeerChanges(database.db, 30, later)).toBe(1);
    expect(await database.db.select().from(wireguardPeerChanges)).toHaveLength(1);
    expect((await changesSince(database.db, 0)).resync).toBe(true);
    expect((await changesSince(database.db, cursor)).resync).toBe(false);
  });

  it("revokes the keys of accounts whose paid time ran out, and trims keys to a lower limit", async () => {
    const lapsing = await paidAccount("lapsing@example.com", 3, new Date(Date.now() + DAY));
    await add(lapsing, 1);
    await add(userId, 2);
    await add(userId, 3);
    expect(await revokeLapsedPeers(database.db, new Date(Date.now() + 2 * DAY))).toBe(1);
    expect((await listPeers(database.db, lapsing)).peers).toEqual([]);
    expect((await listPeers(database.db, userId)).peers).toHaveLength(2);

    await bindDevice(database.db, { userId, appType: 101, deviceId: "phone", deviceName: "Phone" });
    expect(await trimDevicesToLimit(database.db, userId, 2)).toBe(1);
    expect((await listPeers(database.db, userId)).peers.map((peer) => peer.publicKey)).toEqual([key(2)]);
  });
});
