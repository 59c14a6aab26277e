import { OpenAPIHono } from "@hono/zod-openapi";
import { operatorReport } from "../../../core/analytics/report";
import { BRAND } from "../../../universal/brand/brand";
import type { AppDeps, AppEnv } from "../../context";
import { requireOperator } from "../../middleware/operator-auth";
import { ok } from "../envelope";
import * as routes from "./report.routes";

export function operatorReportRouter(deps: AppDeps) {
  const db = deps.database.db;
  const app = new OpenAPIHono<AppEnv>({ defaultHook: deps.validationHook });

  // On this path itself, so the report is guarded however the rest of /api/operator/* is mounted.
  app.use(routes.OPERATOR_REPORT_PATH, requireOperator(db, deps.config.OPERATOR_TOKEN));

  app.openapi(routes.operatorReport, async (c) => {
    const report = await operatorReport(db, c.req.valid("query"));
    c.header("Cache-Control", "no-store");
    return c.json(ok({ brand: BRAND.name, ...report }), 200);
  });

  return app;
}
