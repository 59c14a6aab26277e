import { createRoute, z } from "@hono/zod-openapi";
import { success } from "../contract";
import { errorResponses } from "../envelope";
import { currencySchema, fromHeader, tags } from "./payment.schemas";

/** Contracts of what is on sale: the plans, the providers and the localized price lookup. */

export const planItemSchema = z
  .object({
    id: z.string(),
    months: z.number().int(),
    device_limit: z.number().int(),
    is_default: z.boolean(),
    price_amount: z.number().openapi({ description: "Charged for the whole term, major units" }),
    price_unit: z.number().openapi({ description: "The same per month" }),
    price_discount_amount: z.number().openapi({ description: "List price of the term before the discount" }),
    price_deduction_amount: z.number().openapi({ description: "What the discount saves" }),
    trial_price: z.number().nullable(),
    money: z.string(),
    currency: currencySchema,
    currencySymbol: z.string(),
    discount_percent: z.string().openapi({
      example: "69%",
      description: "Real saving against the list price, rounded down; 0% = not discounted",
    }),
  })
  .openapi("PlanItem");

const countrySchema = z.string().regex(/^[A-Za-z]{2}$/, "country.invalid");

export const plans = createRoute({
  method: "get",
  path: "/api/mms/payment/v1/providers/plans",
  tags,
  summary: "Plans priced in the caller's currency (country from geo, or ?currency=, or ?country=)",
  request: {
    headers: fromHeader,
    query: z.object({ currency: currencySchema.optional(), country: countrySchema.optional() }),
  },
  responses: {
    ...success(
      z.object({
        plans: z
          .array(planItemSchema)
          .openapi({ description: "Empty until the operator adds plans: not for sale yet" }),
        discount_percent: z.string().openapi({
          example: "73%",
          description:
            "The best saving over the plans, lifted to DISCOUNT_FLOOR_PERCENT (SPEC §5); 0% when no plan is discounted: show no badge",
        }),
        currency: z.string(),
        auto_coupon: z.string().nullable().openapi({
          description:
            "The coupon a running promotion applies to purchases that name none (decision 057); the checkout shows its price",
        }),
      }),
    ),
    ...errorResponses(["validation", "badAppType"]),
  },
});

export const commonParams = createRoute({
  method: "get",
  path: "/api/mms/payment/v1/providers/common/params",
  tags,
  summary:
    "Providers enabled in this environment, in the operator's order, with the currencies and countries each takes and what the page needs to start each (public values only)",
  request: { headers: fromHeader },
  responses: {
    ...success(
      z.object({
        environment: z.enum(["production", "sandbox"]),
        providers: z.array(
          z.object({
            code: z.string(),
            processor: z.string(),
            /** The processor kind PAYMENT_PROVIDERS maps the code to (its name and mark); null: the sandbox stands in for every code. */
            kind: z.string().nullable(),
            methods: z.array(z.string()),
            /** False for gap: its purchases start in the Android app (Google Play); the web reads results only. */
            web_purchase: z.boolean(),
            /** The currencies it takes (a buyer in another is told before paying); null for any. */
            currencies: z.array(z.string()).nullable(),
            /** The buyer countries it serves; null for all. */
            countries: z.array(z.string()).nullable(),
            public: z.record(z.string(), z.string()),
          }),
        ),
      }),
    ),
    ...errorResponses(["validation", "badAppType"]),
  },
});

export const l10nPrices = createRoute({
  method: "get",
  path: "/l10n/prices",
  tags,
  summary: "Prices of plans for a customer country (unknown ids are left out)",
  request: {
    query: z.object({ product_ids: z.string().max(500), customer_country: countrySchema }),
  },
  responses: {
    200: {
      description: "Prices",
      content: {
        "application/json": {
          schema: z.object({
            value: z.object({
              response: z.object({
                products: z.array(
                  z.object({
                    product_id: z.string(),
                    subscription: z.object({ price: z.object({ gross: z.number() }) }),
                    currency: z.string(),
                  }),
                ),
              }),
            }),
          }),
        },
      },
    },
    ...errorResponses(["validation"]),
  },
});
