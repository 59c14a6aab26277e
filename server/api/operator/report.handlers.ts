import type { RouteHandler } from "@hono/zod-openapi";
import { operatorReport } from "../../../core/analytics/report";
import { invitesReport } from "../../../core/invites/invites";
import { vouchersPerReseller } from "../../../core/vouchers/vouchers";
import { BRAND } from "../../../universal/brand/brand";
import type { AppDeps, AppEnv } from "../../context";
import { ok } from "../envelope";
import type * as routes from "./report.routes";

type ReportDeps = Pick<AppDeps, "database">;

/** The operator's report: a thin handler over core/analytics/report.ts. */
export function reportHandlers(deps: ReportDeps) {
  const operatorReportHandler: RouteHandler<typeof routes.operatorReport, AppEnv> = async (c) => {
    const range = c.req.valid("query");
    const report = await operatorReport(deps.database.db, range);
    const window = {
      from: new Date(`${range.from}T00:00:00Z`),
      to: new Date(Date.parse(`${range.to}T00:00:00Z`) + 86_400_000),
    };
    const vouchers = await vouchersPerReseller(deps.database.db, window);
    const invites = await invitesReport(deps.database.db, window);
    c.header("Cache-Control", "no-store");
    return c.json(ok({ brand: BRAND.name, ...report, vouchers, invites }), 200);
  };
  return { operatorReport: operatorReportHandler };
}
