import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppDeps, AppEnv } from "../../context";
import { requireOperator } from "../../middleware/operator-auth";
import { reportHandlers } from "./report.handlers";
import * as routes from "./report.routes";

export function operatorReportRouter(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: deps.validationHook });

  // On this path itself, so the report is guarded however the rest of /api/operator/* is mounted.
  app.use(routes.OPERATOR_REPORT_PATH, requireOperator(deps.database.db, deps.config.OPERATOR_TOKEN));

  app.openapi(routes.operatorReport, reportHandlers(deps).operatorReport);

  return app;
}
