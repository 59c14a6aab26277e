import type { RouteHandler } from "@hono/zod-openapi";
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { CURRENCY_COOKIE } from "../../../app/lib/currency-preference";
import { currencyForCountry, listPlanItems } from "../../../core/billing/catalogue";
import { autoCouponOf, currentSale } from "../../../core/billing/promotion-sale";
import { WEB_PURCHASE_CODES } from "../../../core/billing/providers/payment-provider";
import type { ProcessorSet } from "../../../core/billing/providers/processors";
import { visitorPlans } from "../../../core/billing/visitor-plans";
import type { AppDeps, AppEnv } from "../../context";
import { ok } from "../envelope";
import type * as routes from "./plans.routes";

type PlansDeps = Pick<AppDeps, "database" | "config" | "geo"> & { payments: ProcessorSet };

/** What a page may know to start each processor (public values only, never a secret). */
function publicValues(processor: string, environment: string): Record<string, string> {
  return processor === "sandbox" ? { checkout: "hosted" } : { environment };
}

/** SPEC §7's X-From: the visit came through an affiliate network; its request's log line says so. */
function noteVisitSource(c: Context<AppEnv>, from: string | undefined): void {
  if (from) c.set("logger", c.get("logger").child({ from }));
}

export function planHandlers(deps: PlansDeps) {
  const db = deps.database.db;
  const { payments } = deps;
  // SPEC §9's two words: production for live money, sandbox for every kind of test.
  const environment: "production" | "sandbox" = payments.mode === "live" ? "production" : "sandbox";

  const plans: RouteHandler<typeof routes.plans, AppEnv> = async (c) => {
    noteVisitSource(c, c.req.valid("header")["x-from"]);
    const query = c.req.valid("query");
    // ?currency= wins, then the currency the visitor chose before (cookie), then ?country=, then
    // the country of the caller's address.
    const found = await visitorPlans(
      db,
      {
        discountFloorPercent: deps.config.DISCOUNT_FLOOR_PERCENT,
        countryOfAddress: async () => (await deps.geo?.())?.lookup(c.get("clientAddress"))?.countryCode,
      },
      { requested: query.currency, remembered: getCookie(c, CURRENCY_COOKIE), country: query.country },
    );
    const autoCoupon = autoCouponOf((await currentSale(db, new Date()))?.sale);
    c.header("Cache-Control", "no-store");
    return c.json(
      ok({ plans: found.plans, discount_percent: found.discount, currency: found.currency, auto_coupon: autoCoupon }),
      200,
    );
  };

  const commonParams: RouteHandler<typeof routes.commonParams, AppEnv> = (c) => {
    noteVisitSource(c, c.req.valid("header")["x-from"]);
    // The operator's order (PAYMENT_PROVIDERS), each with where it can be used (decision 048).
    const providers = payments.offers.flatMap((offer) => {
      const processor = payments.forCode(offer.code);
      if (!processor) return [];
      return [
        {
          code: offer.code,
          processor: processor.name,
          kind: offer.kind,
          methods: [...offer.methods],
          web_purchase: WEB_PURCHASE_CODES.includes(offer.code),
          currencies: offer.currencies ? [...offer.currencies] : null,
          countries: offer.countries ? [...offer.countries] : null,
          public: publicValues(processor.name, environment),
        },
      ];
    });
    return c.json(ok({ environment, providers }), 200);
  };

  const l10nPrices: RouteHandler<typeof routes.l10nPrices, AppEnv> = async (c) => {
    const { product_ids, customer_country } = c.req.valid("query");
    const currency = currencyForCountry(customer_country);
    const wanted = new Set(
      product_ids
        .split(",")
        .map((id) => id.trim())
        .filter(Boolean),
    );
    const items = (await listPlanItems(db, currency)).filter((item) => wanted.has(item.id));
    const products = items.map((item) => ({
      product_id: item.id,
      subscription: { price: { gross: item.price_amount } },
      currency,
    }));
    return c.json({ value: { response: { products } } }, 200);
  };

  return { plans, commonParams, l10nPrices };
}
