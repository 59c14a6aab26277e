import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { testDatabaseTargets } from "../../tests/helpers/test-databases";
import {
  deleteExpiredObservations,
  OBSERVATION_TTL_MS,
  observationsOf,
  recordObservation,
  summariseResolvers,
} from "./observations";

const T = "a".repeat(28);

describe.each(testDatabaseTargets())("dns leak observations on $name", (target) => {
  let database: DatabaseHandle;
  beforeEach(async () => {
    database = await target.open();
  });
  afterEach(async () => database.close());

  it("keeps a test's resolvers for the TTL, apart from other tests, then deletes them", async () => {
    const start = new Date("2026-11-28T10:00:00Z");
    await recordObservation(
      database.db,
      { testId: T, probe: 0, resolver: "::ffff:192.0.2.53", transport: "udp" },
      start,
    );
    await recordObservation(
      database.db,
      { testId: "b".repeat(28), probe: 0, resolver: "192.0.2.9", transport: "tcp" },
      start,
    );
    const later = new Date(start.getTime() + 60_000);
    await recordObservation(database.db, { testId: T, probe: 1, resolver: "2001:db8::53", transport: "tcp" }, later);

    expect(await observationsOf(database.db, T, later)).toEqual([
      { testId: T, probe: 0, resolver: "192.0.2.53", transport: "udp" },
      { testId: T, probe: 1, resolver: "2001:db8::53", transport: "tcp" },
    ]);
    const afterTtl = new Date(start.getTime() + OBSERVATION_TTL_MS + 1);
    expect(await observationsOf(database.db, T, afterTtl)).toHaveLength(1);
    expect(await deleteExpiredObservations(database.db, afterTtl)).toBe(2);
    expect(await deleteExpiredObservations(database.db, afterTtl)).toBe(0);
    expect(await observationsOf(database.db, T, later)).toHaveLength(1);
  });
});

describe("summariseResolvers", () => {
  const geo = {
    lookup: (address: string) =>
      address === "203.0.113.5"
        ? ({ countryCode: "NL", country: "Netherlands", asn: 64500, organisation: "Example VPN" } as never)
        : null,
  };
  it("lists each resolver once with its probes, geo and VPN flag, most probes first", () => {
    const seen = (resolver: string, probe: number) => ({ testId: T, probe, resolver, transport: "udp" as const });
    expect(
      summariseResolvers(
        [seen("192.0.2.1", 0), seen("203.0.113.5", 0), seen("203.0.113.5", 1), seen("203.0.113.5", 1)],
        {
          geo,
          isVpnResolver: (address) => address.startsWith("203.0.113."),
        },
      ),
    ).toEqual([
      {
        address: "203.0.113.5",
        countryCode: "NL",
        country: "Netherlands",
        asn: 64500,
        organisation: "Example VPN",
        vpn: true,
        probes: 2,
      },
      { address: "192.0.2.1", countryCode: "", country: "", asn: null, organisation: "", vpn: false, probes: 1 },
    ]);
    expect(summariseResolvers([], { geo: undefined, isVpnResolver: () => false })).toEqual([]);
  });
});
