import type { RouteHandler } from "@hono/zod-openapi";
import { operatorReport } from "../../../core/analytics/report";
import { BRAND } from "../../../universal/brand/brand";
import type { AppDeps, AppEnv } from "../../context";
import { ok } from "../envelope";
import type * as routes from "./report.routes";

type ReportDeps = Pick<AppDeps, "database">;

/** The operator's report: a thin handler over core/analytics/report.ts. */
export function reportHandlers(deps: ReportDeps) {
  const operatorReportHandler: RouteHandler<typeof routes.operatorReport, AppEnv> = async (c) => {
    const report = await operatorReport(deps.database.db, c.req.valid("query"));
    c.header("Cache-Control", "no-store");
    return c.json(ok({ brand: BRAND.name, ...report }), 200);
  };
  return { operatorReport: operatorReportHandler };
}
