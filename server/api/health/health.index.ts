import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppDeps, AppEnv } from "../../context";
import { ErrorCode, failure, ok } from "../envelope";
import { healthz, readyz } from "./health.routes";

export function healthRouter(deps: AppDeps) {
  return new OpenAPIHono<AppEnv>()
    .openapi(healthz, (c) => c.json(ok({ status: "up" as const }), 200))
    .openapi(readyz, async (c) => {
      if (deps.isShuttingDown?.()) {
        return c.json(failure(ErrorCode.unavailable, "shutting down"), 503);
      }
      try {
        await deps.database.ping();
      } catch (error) {
        c.get("logger").error({ err: error }, "readiness check: database unreachable");
        return c.json(failure(ErrorCode.unavailable, "database unreachable"), 503);
      }
      return c.json(ok({ status: "ready" as const, database: deps.database.kind }), 200);
    });
}
