import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppDeps, AppEnv } from "../../context";
import { errorReply, ok } from "../envelope";
import { healthz, readyz } from "./health.routes";

export function healthRouter(deps: AppDeps) {
  return new OpenAPIHono<AppEnv>()
    .openapi(healthz, (c) => c.json(ok({ status: "up" as const }), 200))
    .openapi(readyz, async (c) => {
      if (deps.isShuttingDown?.()) {
        return errorReply(c, "unavailable", null, "shutting down");
      }
      try {
        await deps.database.ping();
      } catch (error) {
        c.get("logger").error({ err: error }, "readiness check: database unreachable");
        return errorReply(c, "unavailable", null, "database unreachable");
      }
      return c.json(ok({ status: "ready" as const, database: deps.database.kind }), 200);
    });
}
