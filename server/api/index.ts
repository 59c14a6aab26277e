import { OpenAPIHono } from "@hono/zod-openapi";
import type { ProcessorSet } from "../../core/billing/providers/processors";
import { dnsLeakSecret } from "../../core/dns-leak/secret";
import { BRAND } from "../../universal/brand/brand";
import type { AppDeps, AppEnv } from "../context";
import { csrfGuard, requireAppType } from "../middleware/session";
import { accountDeps } from "./account/account-deps";
import { accountNumberRouter } from "./account/account-number/account-number.index";
import { boundIpRouter } from "./account/bound-ip/bound-ip.index";
import { devicesRouter } from "./account/devices/devices.index";
import { emailChangeRouter } from "./account/email-change/email-change.index";
import { invitesRouter } from "./account/invites/invites.index";
import { passwordsRouter } from "./account/passwords/passwords.index";
import { paymentsRouter } from "./account/payments/payments.index";
import { privacyRouter } from "./account/privacy/privacy.index";
import { refundsRouter } from "./account/refunds/refunds.index";
import { securityRouter } from "./account/security/security.index";
import { sessionsRouter } from "./account/sessions/sessions.index";
import { subscriptionsRouter } from "./account/subscriptions/subscriptions.index";
import { twoFactorRouter } from "./account/two-factor/two-factor.index";
import { vouchersRouter } from "./account/vouchers/vouchers.index";
import { vpnSetupRouter } from "./account/vpn-setup/vpn-setup.index";
import { analyticsRouter } from "./analytics/analytics.index";
import { ANALYTICS_EVENTS_PATH } from "./analytics/analytics.routes";
import { captchaRouter } from "./captcha/captcha.index";
import { configRouter } from "./config/config.index";
import { consoleRouter } from "./console/console.index";
import { errorReply } from "./envelope";
import { healthRouter } from "./health/health.index";
import { apiDocument } from "./openapi-document";
import { operatorCatalogueRouter } from "./operator/catalogue.index";
import { operatorCouponsRouter } from "./operator/coupons.index";
import { operatorReportRouter } from "./operator/report.index";
import { operatorStaffRouter } from "./operator/staff.index";
import { operatorVouchersRouter } from "./operator/vouchers.index";
import { operatorWireguardRouter } from "./operator/wireguard.index";
import { paymentRouter } from "./payment/payment.index";
import { reportRouter } from "./report/report.index";
import { dnsLeakRouter } from "./tools/dns-leak.index";
import { geoInfoRouter } from "./tools/geo-info.index";
import { toolsRouter } from "./tools/tools.index";

export const OPENAPI_PATH = "/api/openapi.json";

/**
 * Every API resource, mounted on one OpenAPI-described router. Each resource lives in
 * server/api/<resource>/ as <resource>.routes.ts (contracts), .handlers/.index.ts (wiring).
 * The payment processors come composed by createApp (server/app.ts), the one place that builds them.
 */
export function createApi(deps: AppDeps & { payments: ProcessorSet }) {
  // zod validation failures become the 40000 envelope, with one message key per bad field.
  const validationHook: AppDeps["validationHook"] = (result, c) => {
    if (!result.success) {
      const fields: Record<string, string> = {};
      for (const issue of result.error.issues) {
        fields[issue.path.join(".") || "_"] ??= issue.message;
      }
      return errorReply(c, "validation", { fields });
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
  const { payments } = deps;
  // The account API, one router per resource; each requires a session on its own protected paths.
  const account = accountDeps({ ...deps, validationHook, payments });
  for (const router of [
    sessionsRouter,
    accountNumberRouter,
    passwordsRouter,
    subscriptionsRouter,
    refundsRouter,
    paymentsRouter,
    boundIpRouter,
    devicesRouter,
    privacyRouter,
    securityRouter,
    emailChangeRouter,
    twoFactorRouter,
    vpnSetupRouter,
    vouchersRouter,
    invitesRouter,
    consoleRouter,
  ]) {
    api.route("/", router(account));
  }
  api.route("/", geoInfoRouter({ geo: deps.geo, validationHook }));
  api.route("/", captchaRouter({ captcha: deps.captcha, validationHook }));
  api.route("/", reportRouter({ ...deps, validationHook }));
  api.route("/", analyticsRouter({ ...deps, validationHook }));
  api.route("/", operatorReportRouter({ ...deps, validationHook }));
  api.route("/", operatorCatalogueRouter({ ...deps, validationHook }));
  api.route("/", operatorCouponsRouter({ ...deps, validationHook }));
  api.route("/", operatorWireguardRouter({ ...deps, validationHook }));
  api.route("/", operatorVouchersRouter({ ...deps, validationHook }));
  api.route("/", operatorStaffRouter({ ...deps, validationHook }));
  api.route("/", configRouter({ ...deps, validationHook }));
  if (deps.ipLookup) api.route("/", toolsRouter({ ...deps, validationHook, ipLookup: deps.ipLookup }));
  api.route(
    "/",
    dnsLeakRouter({
      db: deps.database.db,
      zone: deps.config.DNS_LEAK_ZONE,
      secret: dnsLeakSecret(deps.database.db),
      geo: deps.geo,
      validationHook,
    }),
  );
  api.route("/", paymentRouter({ ...deps, validationHook, payments }));
  api.openAPIRegistry.registerComponent("securitySchemes", "bearerAuth", { type: "http", scheme: "bearer" });
  api.openAPIRegistry.registerComponent("securitySchemes", "sessionCookie", {
    type: "apiKey",
    in: "cookie",
    name: "__Host-veilport_session",
    description: "Set by login for the website (X-App-Type 501); `veilport_session` on plain http",
  });

  let document: ReturnType<typeof apiDocument> | undefined;
  api.get(OPENAPI_PATH, (c) => {
    document ??= apiDocument(api, `${BRAND.name} API`);
    return c.json(document);
  });
  return api;
}
