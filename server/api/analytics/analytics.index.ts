import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { storeEvents, toEventRows } from "../../../core/analytics/events";
import { resolveSession } from "../../../core/auth/sessions";
import { ipSubject } from "../../../core/security/rate-limits";
import type { AppDeps, AppEnv } from "../../context";
import { sessionToken } from "../../middleware/session";
import { ok } from "../envelope";
import { rateLimiter } from "../rate-limited";
import * as routes from "./analytics.routes";

export function analyticsRouter(deps: AppDeps) {
  const db = deps.database.db;
  const https = deps.config.PUBLIC_ORIGIN?.startsWith("https:") ?? false;
  const app = new OpenAPIHono<AppEnv>({ defaultHook: deps.validationHook });
  const limited = rateLimiter(db, "too many analytics batches, try again later");

  // Batches over MAX_BATCH_BYTES never get here: the global body limit (server/middleware/body-limit.ts) is the same 64 KiB.

  /** A signed-in visitor's id; anything else (no, unknown or ended session) is anonymous. */
  const sessionUserId = async (c: Context<AppEnv>) => {
    const found = sessionToken(c, https);
    if (!found) return null;
    const session = await resolveSession(db, found.token);
    return session.status === "valid" ? session.user.id : null;
  };

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
    const [userId, countryCode] = await Promise.all([sessionUserId(c), serverCountryCode(c)]);
    const accepted = await storeEvents(
      db,
      toEventRows(batch, { now: new Date(), userId, serverCountryCode: countryCode }),
    );
    return c.json(ok({ accepted }), 200);
  });

  return app;
}
