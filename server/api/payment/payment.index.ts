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
} from "../../../core/billing/catalogue";
import { createOrder, findOrder, ingestProviderEvent } from "../../../core/billing/orders";
import {
  PROVIDER_CODES,
  PROVIDER_METHODS,
  type ProviderCode,
  WEB_PURCHASE_CODES,
} from "../../../core/billing/providers/payment-provider";
import { createProcessors } from "../../../core/billing/providers/processors";
import type { SandboxProcessor } from "../../../core/billing/providers/sandbox";
import { purchaseReturnUrls } from "../../../core/billing/return-urls";
import { planProviderProducts, plans as planTable, subscriptions } from "../../../db/schema";
import { requestAttribution } from "../../attribution";
import type { AppDeps, AppEnv } from "../../context";
import { accountError, requireSession } from "../../middleware/session";
import { failure, ok } from "../envelope";
import * as routes from "./payment.routes";

/** Production when the request's host is one of PRODUCTION_DOMAINS (SPEC §9), sandbox otherwise. */
export function paymentEnvironment(host: string | undefined, productionDomains: string[]): "production" | "sandbox" {
  const name = (host ?? "").split(":")[0]?.toLowerCase() ?? "";
  return productionDomains.includes(name) ? "production" : "sandbox";
}

/** What a page may know to start each processor (public values only, never a secret). */
function publicValues(processor: string, environment: string): Record<string, string> {
  return processor === "sandbox" ? { checkout: "hosted" } : { environment };
}

export function paymentRouter(deps: AppDeps & { sandbox: SandboxProcessor }) {
  const db = deps.database.db;
  const https = deps.config.PUBLIC_ORIGIN?.startsWith("https:") ?? false;
  const app = new OpenAPIHono<AppEnv>({ defaultHook: deps.validationHook });
  const environment = (c: Context<AppEnv>) => paymentEnvironment(c.req.header("host"), deps.config.PRODUCTION_DOMAINS);

  const processors = createProcessors(deps.config, deps.sandbox);
  /** The processor behind a provider code in this request's environment. */
  const processorFor = (c: Context<AppEnv>, code: string) => {
    if (!(PROVIDER_CODES as readonly string[]).includes(code)) return null;
    return processors.forCode(code as ProviderCode, environment(c));
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
    const currency = query.currency ?? (isCurrencyChoice(remembered) ? remembered : currencyForCountry(country));
    const items = await listPlanItems(db, currency);
    c.header("Cache-Control", "no-store");
    return c.json(ok({ plans: items, discount_percent: `${headlineDiscount(items)}%`, currency }), 200);
  });

  app.openapi(routes.commonParams, (c) => {
    const env = environment(c);
    const providers = PROVIDER_CODES.flatMap((code) => {
      const processor = processorFor(c, code);
      return processor
        ? [
            {
              code,
              processor: processor.name,
              methods: PROVIDER_METHODS[code],
              web_purchase: WEB_PURCHASE_CODES.includes(code),
              public: publicValues(processor.name, env),
            },
          ]
        : [];
    });
    return c.json(ok({ environment: env, providers }), 200);
  });

  const startPurchase = async (
    c: Context<AppEnv>,
    code: ProviderCode | string,
    body: { plan_id: string; currency?: string; client_info?: unknown },
  ) => {
    const processor = processorFor(c, code);
    if (!processor) return c.json(failure(40120, `payment provider ${code} is not available here`), 400);
    if (!(WEB_PURCHASE_CODES as readonly string[]).includes(code)) {
      return c.json(failure(40122, `purchases through ${code} start in the app; the web reads their results`), 400);
    }
    const currency = body.currency && isCurrency(body.currency) ? body.currency : "USD";
    const plan = await findPlanItem(db, body.plan_id, currency);
    if (!plan) return c.json(failure(40000, "invalid request", { fields: { plan_id: "plan.unknown" } }), 400);
    const { user } = c.get("session");
    const account = await findAccountById(db, user.id);
    const origin = deps.config.PUBLIC_ORIGIN ?? new URL(c.req.url).origin;
    const clientInfo = (body.client_info ?? {}) as { language?: string };
    const orderId = await createOrder(db, {
      userId: user.id,
      planId: plan.id,
      provider: code,
      processor: processor.name,
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
    let webUrl: string;
    try {
      ({ webUrl } = await processor.createPurchase({
        productId: product?.productId,
        orderId,
        planId: plan.id,
        planName: `VPN subscription, ${plan.months} ${plan.months === 1 ? "month" : "months"}`,
        months: plan.months,
        amountMinor: Math.round(plan.price_amount * 100),
        currency,
        email: account?.email ?? "",
        ...purchaseReturnUrls({ origin, locale: clientInfo.language, orderId, provider: code }),
      }));
    } catch (error) {
      // A processor that refuses (missing price id, bad key, outage) fails this purchase only.
      c.get("logger").error({ err: error, provider: code, orderId }, "payment provider refused the purchase");
      return c.json(failure(40121, `payment provider ${code} could not start the purchase`), 400);
    }
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
      return accountError(c, "captchaFailed");
    }
    return startPurchase(c, "s1", body);
  });

  app.openapi(routes.purchaseResult, async (c) => {
    const { order_id } = c.req.valid("json");
    let order = await findOrder(db, order_id);
    if (!order || order.userId !== c.get("session").user.id) {
      return c.json(failure(40400, "no such order"), 404 as 400);
    }
    // The buyer may be back before the webhook: read the processor's own view and apply it.
    if (order.status === "pending") {
      for (const event of await deps.sandbox.lookupEvents(order.id)) {
        if ((await ingestProviderEvent(db, order.processor, event)).receiptQueued) deps.onMailQueued?.();
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
    const webUrl = `${deps.config.PUBLIC_ORIGIN ?? new URL(c.req.url).origin}/sandbox/checkout/${order.id}`;
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
    const env = c.req.param("environment") === "production" ? "production" : "sandbox";
    const processor = processors.byName(name, env);
    if (!processor) return c.json(failure(40400, "unknown processor"), 404);
    const raw = await c.req.text();
    const event = await processor.parseWebhook(raw, c.req.raw.headers);
    if (event === null) {
      c.get("logger").warn({ processor: name }, "webhook with a bad signature refused");
      return c.json(failure(40001, "bad signature"), 400);
    }
    if (event === "ignored") return c.json(ok({ received: true, duplicate: false }), 200);
    const { duplicate, receiptQueued } = await ingestProviderEvent(db, processor.name, event);
    if (receiptQueued) deps.onMailQueued?.();
    return c.json(ok({ received: true, duplicate }), 200);
  });

  return app;
}
