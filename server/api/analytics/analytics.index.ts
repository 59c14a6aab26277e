import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { MAX_BATCH_BYTES, storeEvents, toEventRows } from "../../../core/analytics/events";
import { resolveSession } from "../../../core/auth/sessions";
import { ipSubject } from "../../../core/security/rate-limits";
import type { AppDeps, AppEnv } from "../../context";
import { sessionToken } from "../../middleware/session";
import { failure, ok } from "../envelope";
import { rateLimiter } from "../rate-limited";
import * as routes from "./analytics.routes";

const PAYLOAD_TOO_LARGE = 41300;

export function analyticsRouter(deps: AppDeps) {
  const db = deps.database.db;
  const https = deps.config.PUBLIC_ORIGIN?.startsWith("https:") ?? false;
  const app = new OpenAPIHono<AppEnv>({ defaultHook: deps.validationHook });
  const limited = rateLimiter(db, "too many analytics batches, try again later");

  // Refused before parsing: by Content-Length when sent, else by counting the body as it arrives.
  app.use(
    routes.ANALYTICS_EVENTS_PATH,
    bodyLimit({
      maxSize: MAX_BATCH_BYTES,
      onError: (c) => c.json(failure(PAYLOAD_TOO_LARGE, `batch over ${MAX_BATCH_BYTES} bytes`), 413),
    }),
  );

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
