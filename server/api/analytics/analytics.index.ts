import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { storeEvents, toEventRows } from "../../../core/analytics/events";
import { ipSubject } from "../../../core/security/rate-limits";
import type { AppDeps, AppEnv } from "../../context";
import { ok } from "../envelope";
import { rateLimiter } from "../rate-limited";
import * as routes from "./analytics.routes";

export function analyticsRouter(deps: AppDeps) {
  const db = deps.database.db;
  const app = new OpenAPIHono<AppEnv>({ defaultHook: deps.validationHook });
  const limited = rateLimiter(db, "too many analytics batches, try again later");

  // Batches over MAX_BATCH_BYTES never get here: the global body limit (server/middleware/body-limit.ts) is the same 64 KiB.

  /** The client address's country by our own lookup; null when unknown or the lookup is down. */
  const serverCountryCode = async (c: Context<AppEnv>) => {
    if (!deps.geo) return null;
    try {
      return (await deps.geo()).lookup(c.get("clientAddress"))?.countryCode || null;
    } catch (error) {
      c.get("logger").warn({ err: error }, "geo lookup failed; using the event's country");
      return null;
    }
  };

  app.openapi(routes.ingestEvents, async (c) => {
    const refused = await limited(c, "analyticsPerIp", ipSubject(c.get("clientAddress")));
    if (refused) return refused;
    const batch = c.req.valid("json");
    // Never the session's user: analytics are not linked to accounts (decision 041).
    const countryCode = await serverCountryCode(c);
    const accepted = await storeEvents(db, toEventRows(batch, { now: new Date(), serverCountryCode: countryCode }));
    return c.json(ok({ accepted }), 200);
  });

  return app;
}
