import type { GeoLookup } from "../core/geo/geo-database";
import { hitRateLimit, ipSubject } from "../core/security/rate-limits";
import type { Database } from "../db/client";
import type { IpLookupAnswer, IpLookupService } from "../universal/geo/ip-lookup";
import { parseIpAddress } from "../universal/net/ip-address";

export type { IpLookupAnswer, IpLookupService };

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
