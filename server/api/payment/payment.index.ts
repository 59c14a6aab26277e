import { OpenAPIHono } from "@hono/zod-openapi";
import type { ProcessorSet } from "../../../core/billing/providers/processors";
import type { AppDeps, AppEnv } from "../../context";
import { requireSession } from "../../middleware/session";
import { withCaptchaAlias } from "../captcha-check";
import { couponHandlers } from "./coupons.handlers";
import * as coupons from "./coupons.routes";
import { planSwitchHandlers } from "./plan-switch.handlers";
import * as planSwitch from "./plan-switch.routes";
import { planHandlers } from "./plans.handlers";
import * as plans from "./plans.routes";
import { purchaseHandlers } from "./purchases.handlers";
import * as purchases from "./purchases.routes";
import { webhookHandlers } from "./webhooks.handlers";
import * as webhooks from "./webhooks.routes";

/** The payment API: what is on sale (plans.*), coupon quotes (coupons.*), buying (purchases.*), switching plans (planSwitch.*) and the processors' webhooks (webhooks.*). */
export function paymentRouter(deps: AppDeps & { payments: ProcessorSet }) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: deps.validationHook });
  const https = deps.config.PUBLIC_ORIGIN?.startsWith("https:") ?? false;

  // Reading what is on sale needs no account; every purchase call does.
  const session = requireSession(deps.database.db, https);
  for (const prefix of ["/api/mms/payment/v1/providers/*", "/ws/mm/reca/r3/payment/v1/providers/*"]) {
    app.use(prefix, async (c, next) => {
      if (c.req.method === "POST") return session(c, next);
      return next();
    });
  }

  const onSale = planHandlers(deps);
  app.openapi(plans.plans, onSale.plans);
  app.openapi(plans.commonParams, onSale.commonParams);
  app.openapi(plans.l10nPrices, onSale.l10nPrices);

  app.openapi(coupons.couponQuote, couponHandlers(deps).couponQuote);

  const buying = purchaseHandlers(deps);
  // The starts carry the captcha: each also under its /ws/mm/reca/r3/ alias (SPEC §7).
  for (const route of withCaptchaAlias(purchases.purchase)) app.openapi(route, buying.purchase);
  for (const route of withCaptchaAlias(purchases.prepurchase)) app.openapi(route, buying.prepurchase);
  for (const route of withCaptchaAlias(purchases.createSubscription)) app.openapi(route, buying.createSubscription);
  app.openapi(purchases.purchaseResult, buying.purchaseResult);

  // The plan switcher (decision 037): every path needs the subscriber's session.
  app.use("/api/mms/payment/v1/web/plan_switch", session);
  app.use("/api/mms/payment/v1/web/plan_switch/*", session);
  const switching = planSwitchHandlers(deps);
  app.openapi(planSwitch.planSwitchStatus, switching.status);
  app.openapi(planSwitch.planSwitchPreview, switching.preview);
  app.openapi(planSwitch.planSwitch, switching.change);
  app.openapi(planSwitch.planSwitchCancel, switching.cancel);

  const processorEvents = webhookHandlers(deps);
  app.openapi(webhooks.sandboxWebhook, processorEvents.sandboxWebhook);
  app.openapi(webhooks.processorWebhook, processorEvents.processorWebhook);

  return app;
}
