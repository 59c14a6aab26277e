import { and, asc, eq, gte, lt } from "drizzle-orm";
import type { Database } from "../../db/client";
import { dnsLeakObservations } from "../../db/schema";
import { parseIpAddress } from "../../universal/net/ip-address";
import type { GeoLookup } from "../geo/geo-database";

/** Observations are read back for this long, then deleted by the sweep (decision 043). */
export const OBSERVATION_TTL_MS = 10 * 60 * 1000;
/** At most this many rows of one test are read: a resolver retrying a lot adds nothing new. */
const MAX_ROWS_PER_TEST = 500;

export interface Observation {
  testId: string;
  probe: number;
  resolver: string;
  transport: "udp" | "tcp";
}

/** Stores that a resolver asked for a probe name (the DNS server's one write). */
export async function recordObservation(db: Database, observation: Observation, now = new Date()): Promise<void> {
  const resolver = parseIpAddress(observation.resolver)?.address ?? observation.resolver;
  await db.insert(dnsLeakObservations).values({ ...observation, resolver, seenAt: now });
}

/** A test's observations younger than the TTL, oldest first. */
export async function observationsOf(db: Database, testId: string, now = new Date()): Promise<Observation[]> {
  const rows = await db
    .select({
      testId: dnsLeakObservations.testId,
      probe: dnsLeakObservations.probe,
      resolver: dnsLeakObservations.resolver,
      transport: dnsLeakObservations.transport,
    })
    .from(dnsLeakObservations)
    .where(
      and(
        eq(dnsLeakObservations.testId, testId),
        gte(dnsLeakObservations.seenAt, new Date(now.getTime() - OBSERVATION_TTL_MS)),
      ),
    )
    .orderBy(asc(dnsLeakObservations.id))
    .limit(MAX_ROWS_PER_TEST);
  return rows.map((row) => ({ ...row, transport: row.transport === "tcp" ? "tcp" : "udp" }));
}

/** Deletes observations older than the TTL; the number deleted. */
export async function deleteExpiredObservations(db: Database, now = new Date()): Promise<number> {
  const deleted = await db
    .delete(dnsLeakObservations)
    .where(lt(dnsLeakObservations.seenAt, new Date(now.getTime() - OBSERVATION_TTL_MS)))
    .returning({ id: dnsLeakObservations.id });
  return deleted.length;
}

/** One resolver of a test, as the page shows it. */
export interface ResolverSummary {
  address: string;
  countryCode: string;
  country: string;
  asn: number | null;
  organisation: string;
  /** In the operator's resolver ranges (content/network.ts). */
  vpn: boolean;
  /** How many of the test's probe names it asked for. */
  probes: number;
}

/** Each resolver once, with where it is and whether it is the VPN's, most probes first. */
export function summariseResolvers(
  observations: readonly Observation[],
  options: { geo: GeoLookup | undefined; isVpnResolver: (address: string) => boolean },
): ResolverSummary[] {
  const probesBy = new Map<string, Set<number>>();
  for (const { resolver, probe } of observations) {
    const set = probesBy.get(resolver) ?? new Set<number>();
    set.add(probe);
    probesBy.set(resolver, set);
  }
  return [...probesBy]
    .map(([address, probes]) => {
      const record = options.geo?.lookup(address);
      return {
        address,
        countryCode: record?.countryCode ?? "",
        country: record?.country ?? "",
        asn: record?.asn ?? null,
        organisation: record?.organisation ?? "",
        vpn: options.isVpnResolver(address),
        probes: probes.size,
      };
    })
    .sort((a, b) => b.probes - a.probes || a.address.localeCompare(b.address));
}
