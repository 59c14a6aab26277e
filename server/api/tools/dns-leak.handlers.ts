import type { RouteHandler } from "@hono/zod-openapi";
import { OBSERVATION_TTL_MS, observationsOf, summariseResolvers } from "../../../core/dns-leak/observations";
import { DNS_LEAK_MODES, isIssuedTestId, newTestId, probeNames } from "../../../core/dns-leak/probe-names";
import type { GeoLookup } from "../../../core/geo/geo-database";
import type { Database } from "../../../db/client";
import { isVpnResolver } from "../../../universal/net/vpn-network";
import type { AppEnv } from "../../context";
import { errorReply, ok } from "../envelope";
import type * as routes from "./dns-leak.routes";

export interface DnsLeakDeps {
  db: Database;
  /** DNS_LEAK_ZONE; undefined when the test is off. */
  zone: string | undefined;
  /** The shared MAC secret of test ids. */
  secret: () => Promise<string>;
  geo?: () => Promise<GeoLookup>;
}

export const PROBE_PATH = "/api/tools/dns-leak/probe.gif";
// The smallest transparent GIF.
const PIXEL = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

export const startTest =
  (deps: DnsLeakDeps): RouteHandler<typeof routes.startDnsLeakTest, AppEnv> =>
  async (c) => {
    c.header("Cache-Control", "no-store");
    if (!deps.zone) return errorReply(c, "dnsLeakNotSetUp");
    const { mode } = c.req.valid("json");
    const id = newTestId(await deps.secret());
    return c.json(
      ok({
        test_id: id,
        mode,
        probes: probeNames(id, DNS_LEAK_MODES[mode], deps.zone),
        probe_path: PROBE_PATH,
        expires_in: OBSERVATION_TTL_MS / 1000,
      }),
      200,
    );
  };

export const testResult =
  (deps: DnsLeakDeps): RouteHandler<typeof routes.dnsLeakResult, AppEnv> =>
  async (c) => {
    c.header("Cache-Control", "no-store");
    if (!deps.zone) return errorReply(c, "dnsLeakNotSetUp");
    const { test_id: id } = c.req.valid("param");
    if (!isIssuedTestId(await deps.secret(), id)) return errorReply(c, "dnsLeakUnknownTest");
    const observations = await observationsOf(deps.db, id);
    // Without the geo databases the resolvers are still listed, with no country or network.
    const geo = await deps.geo?.().catch(() => undefined);
    const resolvers = summariseResolvers(observations, { geo, isVpnResolver });
    return c.json(
      ok({
        test_id: id,
        probes_answered: new Set(observations.map((row) => row.probe)).size,
        resolvers: resolvers.map((resolver) => ({
          ip: resolver.address,
          country_code: resolver.countryCode,
          country: resolver.country,
          asn: resolver.asn,
          organisation: resolver.organisation,
          vpn: resolver.vpn,
          probes: resolver.probes,
        })),
      }),
      200,
    );
  };

export const probe: RouteHandler<typeof routes.dnsLeakProbe, AppEnv> = (c) => {
  c.header("Cache-Control", "no-store");
  c.header("Access-Control-Allow-Origin", "*");
  c.header("Cross-Origin-Resource-Policy", "cross-origin");
  return c.body(PIXEL, 200, { "Content-Type": "image/gif" });
};
