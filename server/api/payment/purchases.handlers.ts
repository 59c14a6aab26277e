import type { RouteHandler } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { ProcessorSet } from "../../../core/billing/providers/processors";
import { purchaseAnswer } from "../../../core/billing/purchase-answer";
import { readPurchaseResult } from "../../../core/billing/purchase-result";
import { startPurchase } from "../../../core/billing/start-purchase";
import { requestAttribution } from "../../attribution";
import type { AppDeps, AppEnv } from "../../context";
import { captchaOk } from "../captcha-check";
import { errorReply, ok } from "../envelope";
import type * as routes from "./purchases.routes";

type PurchasesDeps = Pick<AppDeps, "database" | "config" | "captcha" | "onMailQueued" | "geo"> & {
  payments: ProcessorSet;
};

type PurchaseBody = {
  plan_id: string;
  recasign?: string;
  currency?: string;
  coupon?: string;
  client_info?: { language?: string; attribution?: Record<string, string> } & Record<string, unknown>;
};

/**
 * SPEC §7 gives s1 its create_subscription and pd its common/pd/prepurchase: their codes start
 * nothing at providers/{code}/purchase.
 */
const OWN_START_CALL: Record<string, string> = {
  s1: "/api/mms/payment/v1/providers/s1/create_subscription",
  pd: "/api/mms/payment/v1/providers/common/pd/prepurchase",
};

/**
 * Starts a purchase through a provider code and answers with where to send the buyer. Every start
 * carries the page's captcha, verified as its call's variant (r3 for all three, SPEC §7): one rule for all.
 */
async function startAndAnswer(deps: PurchasesDeps, c: Context<AppEnv>, code: string, body: PurchaseBody) {
  if (!(await captchaOk(deps.captcha, c, body.recasign ?? ""))) return errorReply(c, "captchaFailed");
  const result = await startPurchase(
    {
      db: deps.database.db,
      payments: deps.payments,
      siteOrigin: deps.config.PUBLIC_ORIGIN ?? new URL(c.req.url).origin,
    },
    {
      userId: c.get("session").user.id,
      providerCode: code,
      planId: body.plan_id,
      currency: body.currency,
      clientInfo: body.client_info ?? {},
      appType: c.get("app").id,
      country: (await deps.geo?.())?.lookup(c.get("clientAddress"))?.countryCode ?? null,
      attribution: requestAttribution(c, body.client_info?.attribution),
      coupon: body.coupon || undefined,
    },
  );
  switch (result.outcome) {
    case "unavailable":
      return errorReply(c, "processorUnavailable", null, `payment provider ${code} is not available here`);
    case "in_app_only":
      return errorReply(
        c,
        "processorInAppOnly",
        null,
        `purchases through ${code} start in the app; the web reads their results`,
      );
    case "method_unsupported":
      return result.reason === "currency"
        ? errorReply(c, "methodCurrencyUnsupported", { currency: result.currency })
        : errorReply(c, "methodCountryUnsupported");
    case "unknown_plan":
      return errorReply(c, "validation", { fields: { plan_id: "plan.unknown" } });
    case "coupon_refused":
      return errorReply(c, "validation", { fields: { coupon: `coupon.${result.reason}` } });
    case "refused":
      // The log says why; the buyer reads that it could not start.
      c.get("logger").error(
        { err: result.error, provider: code, orderId: result.orderId },
        "payment provider refused the purchase",
      );
      return errorReply(c, "processorRefused", null, `payment provider ${code} could not start the purchase`);
    case "started": {
      const { orderId, webUrl } = result;
      c.get("logger").info({ event: "purchase_started", orderId, provider: code, plan: result.planId }, "purchase");
      // A started order waits for its payment: every provider's answer leads to its checkout page.
      const value = { order_id: orderId, ...purchaseAnswer(code, { status: "pending", webUrl }) };
      return c.json(ok({ value }), 200);
    }
  }
}

export function purchaseHandlers(deps: PurchasesDeps) {
  const db = deps.database.db;
  const { payments } = deps;

  const purchase: RouteHandler<typeof routes.purchase, AppEnv> = async (c) => {
    const { code } = c.req.valid("param");
    const ownCall = OWN_START_CALL[code];
    if (ownCall) return errorReply(c, "notFound", null, `purchases through ${code} start at ${ownCall}`);
    return startAndAnswer(deps, c, code, c.req.valid("json"));
  };

  const prepurchase: RouteHandler<typeof routes.prepurchase, AppEnv> = async (c) =>
    startAndAnswer(deps, c, "pd", c.req.valid("json"));

  const createSubscription: RouteHandler<typeof routes.createSubscription, AppEnv> = async (c) =>
    startAndAnswer(deps, c, "s1", c.req.valid("json"));

  const purchaseResult: RouteHandler<typeof routes.purchaseResult, AppEnv> = async (c) => {
    const value = await readPurchaseResult(
      { db, payments, logger: c.get("logger"), onMailQueued: deps.onMailQueued },
      {
        orderId: c.req.valid("json").order_id,
        userId: c.get("session").user.id,
        providerCode: c.req.valid("param").code,
      },
    );
    if (!value) return errorReply(c, "notFound", null, "no such order");
    return c.json(ok({ value }), 200);
  };

  return { purchase, prepurchase, createSubscription, purchaseResult };
}
