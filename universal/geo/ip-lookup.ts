import type { GeoRecord } from "./geo-record";

/** What the what-is-my-ip tool answers: shared by its page (app) and its lookups (server/ip-lookup.ts). */
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
