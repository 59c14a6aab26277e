import { OpenAPIHono } from "@hono/zod-openapi";
import type { GeoRecord } from "../../../core/geo/geo-database";
import { parseIpAddress } from "../../../universal/net/ip-address";
import type { AppDeps, AppEnv } from "../../context";
import type { IpLookupService } from "../../ip-lookup";
import { errorReply, ok } from "../envelope";
import * as routes from "./tools.routes";

/** The API's snake_case view of a geo record. */
export function ipRecordJson(record: GeoRecord) {
  return {
    ip: record.address,
    family: record.family,
    kind: record.kind,
    country_code: record.countryCode,
    country: record.country,
    region: record.region,
    city: record.city,
    latitude: record.latitude,
    longitude: record.longitude,
    timezone: record.timezone,
    asn: record.asn,
    organisation: record.organisation,
    hosting: record.hosting,
  };
}

export function toolsRouter(deps: AppDeps & { ipLookup: IpLookupService }) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: deps.validationHook });

  app.openapi(routes.ipInfo, async (c) => {
    c.header("Cache-Control", "private, no-store");
    const { ip } = c.req.valid("query");
    const answer =
      ip === undefined
        ? await deps.ipLookup.describe(c.get("clientAddress"))
        : await deps.ipLookup.lookupFor(ip, c.get("clientAddress"));
    switch (answer.status) {
      case "ok":
        return c.json(ok(ipRecordJson(answer.record)), 200);
      case "invalid":
        return errorReply(c, "validation", { fields: { ip: "ip.invalid" } });
      case "rate_limited":
        c.header("Retry-After", String(answer.retryAfterSeconds));
        return errorReply(
          c,
          "tooManyRequests",
          { retry_after: answer.retryAfterSeconds },
          "too many lookups, try again later",
        );
      default:
        return errorReply(c, "unavailable", null, "the geo database is not available");
    }
  });

  app.openapi(routes.myIp, (c) => {
    const parsed = parseIpAddress(c.get("clientAddress"));
    c.header("Cache-Control", "no-store");
    // Only the caller's own address, never credentials: any page may read it.
    c.header("Access-Control-Allow-Origin", "*");
    c.header("Cross-Origin-Resource-Policy", "cross-origin");
    return c.json(ok({ ip: parsed?.address ?? c.get("clientAddress"), family: parsed?.family ?? 4 }), 200);
  });

  return app;
}
