import type { GeoLookup, GeoRecord } from "../core/geo/geo-database";
import { parseIpAddress } from "../core/net/ip-address";
import { hitRateLimit, ipSubject } from "../core/security/rate-limits";
import type { Database } from "../db/client";

export type IpLookupAnswer =
  | { status: "ok"; record: GeoRecord }
  | { status: "invalid" }
  | { status: "rate_limited"; retryAfterSeconds: number }
  | { status: "unavailable" };

/** The what-is-my-ip tool's lookups, shared by its page loader and its API. */
export interface IpLookupService {
  /** The caller's own address (not rate limited: every page view asks once). */
  describe(address: string): Promise<IpLookupAnswer>;
  /** Any address a visitor types: validated first, then counted against their rate limit. */
  lookupFor(input: string, clientAddress: string): Promise<IpLookupAnswer>;
}

export function ipLookupService(db: Database, geo: () => Promise<GeoLookup>, onError: (error: unknown) => void) {
  const find = async (address: string): Promise<IpLookupAnswer> => {
    let lookup: GeoLookup;
    try {
      lookup = await geo();
    } catch (error) {
      onError(error);
      return { status: "unavailable" };
    }
    const record = lookup.lookup(address);
    return record ? { status: "ok", record } : { status: "invalid" };
  };
  return {
    describe: find,
    async lookupFor(input, clientAddress) {
      if (!parseIpAddress(input)) return { status: "invalid" };
      const limit = await hitRateLimit(db, "ipLookupPerIp", ipSubject(clientAddress));
      if (!limit.allowed) return { status: "rate_limited", retryAfterSeconds: limit.retryAfterSeconds };
      return find(input);
    },
  } satisfies IpLookupService;
}
