import { OpenAPIHono } from "@hono/zod-openapi";
import { BRAND } from "../../universal/brand/brand";
import type { AppDeps, AppEnv } from "../context";
import { csrfGuard, requireAppType } from "../middleware/session";
import { paymentsFromConfig } from "../payments";
import { accountRouter } from "./account/account.index";
import { analyticsRouter } from "./analytics/analytics.index";
import { ANALYTICS_EVENTS_PATH } from "./analytics/analytics.routes";
import { configRouter } from "./config/config.index";
import { ErrorCode, failure } from "./envelope";
import { healthRouter } from "./health/health.index";
import { operatorCatalogueRouter } from "./operator/catalogue.index";
import { operatorReportRouter } from "./operator/report.index";
import { paymentRouter } from "./payment/payment.index";
import { reportRouter } from "./report/report.index";
import { toolsRouter } from "./tools/tools.index";

export const OPENAPI_PATH = "/api/openapi.json";

/**
 * Every API resource, mounted on one OpenAPI-described router. Each resource lives in
 * server/api/<resource>/ as <resource>.routes.ts (contracts), .handlers/.index.ts (wiring).
 */
export function createApi(deps: AppDeps) {
  // zod validation failures become the 40000 envelope, with one message key per bad field.
  const validationHook: AppDeps["validationHook"] = (result, c) => {
    if (!result.success) {
      const fields: Record<string, string> = {};
      for (const issue of result.error.issues) {
        fields[issue.path.join(".") || "_"] ??= issue.message;
      }
      return c.json(failure(ErrorCode.validation, "invalid request", { fields }), 400);
    }
  };
  const api = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const expectedOrigin = (requestUrl: string) => deps.config.PUBLIC_ORIGIN ?? new URL(requestUrl).origin;

  api.route("/", healthRouter(deps));
  const appTypeRequired = requireAppType();
  for (const prefix of ["/api/mms/*", "/ws/mm/*"]) {
    api.use(prefix, csrfGuard(expectedOrigin));
    // navigator.sendBeacon cannot set headers: analytics events come without X-App-Type.
    api.use(prefix, (c, next) => (c.req.path === ANALYTICS_EVENTS_PATH ? next() : appTypeRequired(c, next)));
  }
  // One set of processors for both routers: accounts turn renewal off and on through them.
  const payments = deps.payments ?? paymentsFromConfig(deps.config, deps.sandbox);
  api.route("/", accountRouter({ ...deps, validationHook, payments }));
  api.route("/", reportRouter({ ...deps, validationHook }));
  api.route("/", analyticsRouter({ ...deps, validationHook }));
  api.route("/", operatorReportRouter({ ...deps, validationHook }));
  api.route("/", operatorCatalogueRouter({ ...deps, validationHook }));
  api.route("/", configRouter({ ...deps, validationHook }));
  if (deps.ipLookup) api.route("/", toolsRouter({ ...deps, validationHook, ipLookup: deps.ipLookup }));
  api.route("/", paymentRouter({ ...deps, validationHook, payments }));
  api.openAPIRegistry.registerComponent("securitySchemes", "bearerAuth", { type: "http", scheme: "bearer" });
  api.openAPIRegistry.registerComponent("securitySchemes", "sessionCookie", {
    type: "apiKey",
    in: "cookie",
    name: "__Host-veilport_session",
    description: "Set by login for the website (X-App-Type 501); `veilport_session` on plain http",
  });

  api.doc31(OPENAPI_PATH, {
    openapi: "3.1.0",
    info: { title: `${BRAND.name} API`, version: "1" },
  });
  return api;
}
