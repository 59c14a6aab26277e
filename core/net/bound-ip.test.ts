import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { testDatabaseTargets } from "../../tests/helpers/test-databases";
import { createPasswordlessAccount } from "../auth/accounts";
import { bindIp, boundIpOf, removeBoundIp } from "./bound-ip";

describe.each(testDatabaseTargets())("bound IP on $name", (target) => {
  let database: DatabaseHandle;
  let userId: number;
  beforeEach(async () => {
    database = await target.open();
    userId = (await createPasswordlessAccount(database.db, "owner@example.com", "en"))!.id;
  });
  afterEach(async () => database.close());

  it("refuses private, loopback, link-local and malformed addresses, and binds nothing", async () => {
    for (const ip of ["10.0.0.1", "127.0.0.1", "192.168.1.20", "::1", "fe80::1", "not an address", "1.2.3"]) {
      expect(await bindIp(database.db, { userId, ip }), ip).toEqual({ ok: false });
    }
    expect(await boundIpOf(database.db, userId)).toBeNull();
  });

  it("binds a public address (trimmed), replaces it with the next, and removes it", async () => {
    const first = new Date("2026-11-01T10:00:00Z");
    expect(await bindIp(database.db, { userId, ip: " 8.8.8.8 " }, first)).toEqual({
      ok: true,
      bound: { ip: "8.8.8.8", boundAt: first },
    });
    const second = new Date("2026-11-02T10:00:00Z");
    await bindIp(database.db, { userId, ip: "2001:4860:4860::8888" }, second);
    expect(await boundIpOf(database.db, userId)).toEqual({ ip: "2001:4860:4860::8888", boundAt: second });
    await removeBoundIp(database.db, userId);
    expect(await boundIpOf(database.db, userId)).toBeNull();
  });
});
