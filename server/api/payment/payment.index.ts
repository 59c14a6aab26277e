import { OpenAPIHono } from "@hono/zod-openapi";
import { and, desc, eq } from "drizzle-orm";
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { CURRENCY_COOKIE, isCurrencyChoice } from "../../../app/lib/currency-preference";
import { findAccountById } from "../../../core/auth/accounts";
import {
  currencyForCountry,
  findPlanItem,
  headlineDiscount,
  isCurrency,
  listPlanItems,
  planItemsForVisitor,
} from "../../../core/billing/catalogue";
import {
  createOrder,
  findOrder,
  ingestProviderEvent,
  markOrderFailed,
  recordCheckout,
} from "../../../core/billing/orders";
import {
  PROVIDER_CODES,
  PROVIDER_METHODS,
  type ProviderCode,
  WEB_PURCHASE_CODES,
} from "../../../core/billing/providers/payment-provider";
import type { ProcessorSet } from "../../../core/billing/providers/processors";
import { purchaseReturnUrls } from "../../../core/billing/return-urls";
import { planProviderProducts, plans as planTable, subscriptions } from "../../../db/schema";
import { requestAttribution } from "../../attribution";
import type { AppDeps, AppEnv } from "../../context";
import { requireSession } from "../../middleware/session";
import { errorReply, ok } from "../envelope";
import * as routes from "./payment.routes";

/** What a page may know to start each processor (public values only, never a secret). */
function publicValues(processor: string, environment: string): Record<string, string> {
  return processor === "sandbox" ? { checkout: "hosted" } : { environment };
}

export function paymentRouter(deps: AppDeps & { payments: ProcessorSet }) {
  const db = deps.database.db;
  const https = deps.config.PUBLIC_ORIGIN?.startsWith("https:") ?? false;
  const app = new OpenAPIHono<AppEnv>({ defaultHook: deps.validationHook });
  const { payments } = deps;
  // SPEC §9's two words: production for live money, sandbox for every kind of test.
  const environment: "production" | "sandbox" = payments.mode === "live" ? "production" : "sandbox";

  /** The processor behind a provider code in this process's payment mode. */
  const processorFor = (code: string) => {
    if (!(PROVIDER_CODES as readonly string[]).includes(code)) return null;
    return payments.forCode(code as ProviderCode);
  };

  app.openapi(routes.plans, async (c) => {
    const query = c.req.valid("query");
    // ?currency= wins, then the currency the visitor chose before (cookie), then ?country=, then
    // the country of the caller's address.
    const remembered = getCookie(c, CURRENCY_COOKIE);
    const country =
      query.currency || isCurrencyChoice(remembered)
        ? undefined
        : (query.country ?? (await deps.geo?.())?.lookup(c.get("clientAddress"))?.countryCode);
    const preferred = query.currency ?? (isCurrencyChoice(remembered) ? remembered : currencyForCountry(country));
    const { currency, items } = await planItemsForVisitor(db, preferred);
    c.header("Cache-Control", "no-store");
    // "0%" when no plan is discounted: the site then shows no badge and no promotion quoting a saving.
    const discount = headlineDiscount(items, deps.config.DISCOUNT_FLOOR_PERCENT);
    return c.json(ok({ plans: items, discount_percent: `${discount}%`, currency }), 200);
  });

  app.openapi(routes.commonParams, (c) => {
    const providers = PROVIDER_CODES.flatMap((code) => {
      const processor = processorFor(code);
      return processor
        ? [
            {
              code,
              processor: processor.name,
              methods: PROVIDER_METHODS[code],
              web_purchase: WEB_PURCHASE_CODES.includes(code),
              public: publicValues(processor.name, environment),
            },
          ]
        : [];
    });
    return c.json(ok({ environment, providers }), 200);
  });

  const startPurchase = async (
    c: Context<AppEnv>,
    code: ProviderCode | string,
    body: { plan_id: string; currency?: string; client_info?: unknown },
  ) => {
    const processor = processorFor(code);
    if (!processor)
      return errorReply(c, "processorUnavailable", null, `payment provider ${code} is not available here`);
    if (!(WEB_PURCHASE_CODES as readonly string[]).includes(code)) {
      return errorReply(
        c,
        "processorInAppOnly",
        null,
        `purchases through ${code} start in the app; the web reads their results`,
      );
    }
    const currency = body.currency && isCurrency(body.currency) ? body.currency : "USD";
    const plan = await findPlanItem(db, body.plan_id, currency);
    if (!plan) return errorReply(c, "validation", { fields: { plan_id: "plan.unknown" } });
    const { user } = c.get("session");
    const account = await findAccountById(db, user.id);
    const origin = deps.config.PUBLIC_ORIGIN ?? new URL(c.req.url).origin;
    const clientInfo = (body.client_info ?? {}) as { language?: string };
    const orderId = await createOrder(db, {
      userId: user.id,
      planId: plan.id,
      provider: code,
      processor: processor.name,
      environment: processor.environment,
      currency,
      amountMinor: Math.round(plan.price_amount * 100),
      // site_origin: where the receipt's links lead (the webhook that sends it knows no page).
      clientInfo: { ...clientInfo, app_type: c.get("app").id, ip: c.get("clientAddress"), site_origin: origin },
      attribution: requestAttribution(c, (body.client_info as { attribution?: unknown } | undefined)?.attribution),
    });
    const [product] = await db
      .select()
      .from(planProviderProducts)
      .where(and(eq(planProviderProducts.planId, plan.id), eq(planProviderProducts.provider, code)));
    let checkout: { webUrl: string; reference: string };
    try {
      checkout = await processor.createPurchase({
        productId: product?.productId,
        orderId,
        planId: plan.id,
        planName: `VPN subscription, ${plan.months} ${plan.months === 1 ? "month" : "months"}`,
        months: plan.months,
        amountMinor: Math.round(plan.price_amount * 100),
        currency,
        email: account?.email ?? "",
        ...purchaseReturnUrls({ origin, locale: clientInfo.language, orderId, provider: code }),
      });
    } catch (error) {
      // A processor that refuses (missing price id, bad key, outage, no checkout page) fails this
      // purchase only; the log says why, the buyer reads that it could not start.
      await markOrderFailed(db, orderId);
      c.get("logger").error({ err: error, provider: code, orderId }, "payment provider refused the purchase");
      return errorReply(c, "processorRefused", null, `payment provider ${code} could not start the purchase`);
    }
    await recordCheckout(db, orderId, checkout);
    const webUrl = checkout.webUrl;
    c.get("logger").info({ event: "purchase_started", orderId, provider: code, plan: plan.id }, "purchase");
    // SPEC §4: web_url is copied into redirect_url.
    return c.json(
      ok({ value: { order_id: orderId, web_url: webUrl, redirect_url: webUrl, status: "pending", success: false } }),
      200,
    );
  };

  const session = requireSession(db, https);
  app.use("/api/mms/payment/v1/providers/*", async (c, next) => {
    if (c.req.method === "POST") return session(c, next);
    return next();
  });

  app.openapi(routes.purchase, async (c) => startPurchase(c, c.req.valid("param").code, c.req.valid("json")));
  app.openapi(routes.prepurchase, async (c) => startPurchase(c, "pd", c.req.valid("json")));
  app.openapi(routes.createSubscription, async (c) => {
    const body = c.req.valid("json");
    if (
      deps.captcha &&
      !(await deps.captcha.verify(body.recasign ?? "", { ip: c.get("clientAddress"), variant: "r3" }))
    ) {
      return errorReply(c, "captchaFailed");
    }
    return startPurchase(c, "s1", body);
  });

  app.openapi(routes.purchaseResult, async (c) => {
    const { order_id } = c.req.valid("json");
    let order = await findOrder(db, order_id);
    // An order is read through the provider code that took it, by its own buyer only.
    if (!order || order.userId !== c.get("session").user.id || order.provider !== c.req.valid("param").code) {
      return errorReply(c, "notFound", null, "no such order");
    }
    // The buyer may be back before the webhook: ask the order's own processor (by the order's
    // reference, nothing scanned) and apply what it says through the webhook path.
    const processor = payments.byName(order.processor);
    if (order.status === "pending" && processor?.environment === order.environment) {
      try {
        for (const event of await processor.lookupEvents({ id: order.id, reference: order.providerReference })) {
          const applied = await ingestProviderEvent(db, order.processor, event);
          if (applied.receiptQueued) deps.onMailQueued?.();
          if (applied.rejected) c.get("logger").warn({ orderId: order.id, reason: applied.rejected }, "event rejected");
        }
      } catch (error) {
        // The webhook will still come; the page keeps polling.
        c.get("logger").warn({ err: error, orderId: order.id }, "payment provider could not be read back");
      }
      order = (await findOrder(db, order_id)) ?? order;
    }
    const [plan] = await db.select().from(planTable).where(eq(planTable.id, order.planId));
    const [subscription] = await db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.orderId, order.id))
      .orderBy(desc(subscriptions.id))
      .limit(1);
    const webUrl = order.checkoutUrl ?? "";
    return c.json(
      ok({
        value: {
          order_id: order.id,
          web_url: webUrl,
          redirect_url: webUrl,
          status: order.status,
          success: order.status === "active",
          plan_id: order.planId,
          months: plan?.months ?? null,
          currency: order.currency,
          amount_minor: order.amount,
          renews_at: subscription?.currentPeriodEnd?.toISOString() ?? null,
          auto_renew: subscription?.autoRenew ?? null,
        },
      }),
      200,
    );
  });

  app.openapi(routes.l10nPrices, async (c) => {
    const { product_ids, customer_country } = c.req.valid("query");
    const currency = currencyForCountry(customer_country);
    const wanted = new Set(
      product_ids
        .split(",")
        .map((id) => id.trim())
        .filter(Boolean),
    );
    const items = (await listPlanItems(db, currency)).filter((item) => wanted.has(item.id));
    return c.json(
      {
        value: {
          response: {
            products: items.map((item) => ({
              product_id: item.id,
              subscription: { price: { gross: item.price_amount } },
              currency,
            })),
          },
        },
      },
      200,
    );
  });

  /** Webhooks: verified, stored first (event id unique), then applied in one transaction. */
  // /api/webhooks/sandbox, /api/webhooks/stripe/production, /api/webhooks/paddle/sandbox, …
  app.post("/api/webhooks/:processor/:environment?", async (c) => {
    const name = c.req.param("processor");
    // Only this payment mode's own processors have webhooks: another mode's path is unknown.
    const processor = payments.forWebhook(name, c.req.param("environment"));
    if (!processor) return errorReply(c, "notFound", null, "unknown processor");
    const raw = await c.req.text();
    const event = await processor.parseWebhook(raw, c.req.raw.headers);
    if (event === null) {
      c.get("logger").warn({ processor: name }, "webhook with a bad signature refused");
      return errorReply(c, "badSignature");
    }
    if (event === "ignored") return c.json(ok({ received: true, duplicate: false }), 200);
    const { duplicate, receiptQueued, rejected } = await ingestProviderEvent(db, processor.name, event);
    if (receiptQueued) deps.onMailQueued?.();
    // Answered 200 all the same: the processor delivered it; retrying would not change our answer.
    if (rejected) c.get("logger").warn({ processor: name, eventId: event.eventId, reason: rejected }, "event rejected");
    return c.json(ok({ received: true, duplicate }), 200);
  });

  return app;
}
