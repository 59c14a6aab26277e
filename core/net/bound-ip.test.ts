import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { plans, subscriptions } from "../../db/schema";
import { testDatabaseTargets } from "../../tests/helpers/test-databases";
import { createPasswordlessAccount } from "../auth/accounts";
import { bindIp, boundIpsOf, DEFAULT_IP_LIMIT, removeBoundIp } from "./bound-ip";

describe.each(testDatabaseTargets())("bound IP on $name", (target) => {
  let database: DatabaseHandle;
  let userId: number;
  const at = (day: number) => new Date(`2026-11-0${day}T10:00:00Z`);
  beforeEach(async () => {
    database = await target.open();
    userId = (await createPasswordlessAccount(database.db, "owner@example.com", "en"))!.id;
  });
  afterEach(async () => database.close());

  const subscribe = async (ipLimit: number, end = new Date(Date.now() + 30 * 86_400_000)) => {
    await database.db.insert(plans).values({ id: "family", months: 12, deviceLimit: 7, ipLimit });
    await database.db.insert(subscriptions).values({
      userId,
      planId: "family",
      provider: "s1",
      processor: "sandbox",
      providerSubscriptionId: "sub_1",
      status: "active",
      currentPeriodEnd: end,
    });
  };

  it("refuses private, loopback, link-local and malformed addresses, and binds nothing", async () => {
    for (const ip of ["10.0.0.1", "127.0.0.1", "192.168.1.20", "::1", "fe80::1", "not an address", "1.2.3"]) {
      expect(await bindIp(database.db, { userId, ip }), ip).toEqual({ ok: false, reason: "not_public" });
    }
    expect(await boundIpsOf(database.db, userId)).toEqual({ addresses: [], limit: DEFAULT_IP_LIMIT });
  });

  it("binds one address without a plan (trimmed), refuses a second with the limit, binds the same again", async () => {
    expect(await bindIp(database.db, { userId, ip: " 8.8.8.8 " }, at(1))).toEqual({
      ok: true,
      bound: { ip: "8.8.8.8", boundAt: at(1) },
    });
    expect(await bindIp(database.db, { userId, ip: "1.1.1.1" }, at(2))).toEqual({
      ok: false,
      reason: "limit",
      limit: 1,
    });
    // Already bound: no error at the limit, and the first binding's time stays.
    expect(await bindIp(database.db, { userId, ip: "8.8.8.8" }, at(3))).toEqual({
      ok: true,
      bound: { ip: "8.8.8.8", boundAt: at(1) },
    });
  });

  it("binds up to the plan's ip_limit and removes each address on its own", async () => {
    await subscribe(3);
    for (const [day, ip] of [
      [1, "8.8.8.8"],
      [2, "2001:4860:4860::8888"],
      [3, "1.1.1.1"],
    ] as const) {
      expect((await bindIp(database.db, { userId, ip }, at(day))).ok, ip).toBe(true);
    }
    expect(await bindIp(database.db, { userId, ip: "9.9.9.9" }, at(4))).toEqual({
      ok: false,
      reason: "limit",
      limit: 3,
    });
    expect(await boundIpsOf(database.db, userId)).toEqual({
      addresses: [
        { ip: "8.8.8.8", boundAt: at(1) },
        { ip: "2001:4860:4860::8888", boundAt: at(2) },
        { ip: "1.1.1.1", boundAt: at(3) },
      ],
      limit: 3,
    });
    expect(await removeBoundIp(database.db, userId, " 2001:4860:4860::8888 ")).toBe(1);
    expect(await removeBoundIp(database.db, userId, "2001:4860:4860::8888")).toBe(0);
    expect((await boundIpsOf(database.db, userId)).addresses.map((a) => a.ip)).toEqual(["8.8.8.8", "1.1.1.1"]);
    expect(await removeBoundIp(database.db, userId)).toBe(2);
    expect((await boundIpsOf(database.db, userId)).addresses).toEqual([]);
  });

  it("falls back to one address when the plan's paid time is over", async () => {
    await subscribe(3, new Date(Date.now() - 1000));
    expect((await boundIpsOf(database.db, userId)).limit).toBe(DEFAULT_IP_LIMIT);
  });

  it("lets only one of two binds racing for the last place in", async () => {
    const results = await Promise.all([
      bindIp(database.db, { userId, ip: "8.8.8.8" }),
      bindIp(database.db, { userId, ip: "1.1.1.1" }),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect((await boundIpsOf(database.db, userId)).addresses).toHaveLength(1);
  });
});
