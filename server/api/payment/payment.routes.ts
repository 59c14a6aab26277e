import { createRoute, z } from "@hono/zod-openapi";
import { envelopeSchema, errorResponses } from "../envelope";

const tags = ["Payment"];
const appTypeHeader = z.object({
  "x-app-type": z.string().openapi({ example: "501" }),
  "x-from": z.string().optional(),
});
const errors = errorResponses([
  "validation",
  "badAppType",
  "captchaFailed",
  "processorUnavailable",
  "processorRefused",
  "processorInAppOnly",
  "missingCredentials",
  "unknownToken",
  "revokedToken",
  "expiredToken",
  "forbiddenOrigin",
  ["notFound", "no such order"],
  "jsonOnly",
  "tooManyRequests",
]);
const ok = <T extends z.ZodType>(data: T) => ({
  200: { description: "Success (code 200)", content: { "application/json": { schema: envelopeSchema(data) } } },
  ...errors,
});

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
    currency: z.enum(["USD", "AUD", "CAD", "GBP"]),
    currencySymbol: z.string(),
    discount_percent: z.string().openapi({
      example: "69%",
      description: "Real saving against the list price, rounded down; 0% = not discounted",
    }),
  })
  .openapi("PlanItem");

export const plans = createRoute({
  method: "get",
  path: "/api/mms/payment/v1/providers/plans",
  tags,
  summary: "Plans priced in the caller's currency (country from geo, or ?currency=, or ?country=)",
  request: {
    headers: appTypeHeader,
    query: z.object({
      currency: z.enum(["USD", "AUD", "CAD", "GBP"]).optional(),
      country: z
        .string()
        .regex(/^[A-Za-z]{2}$/, "country.invalid")
        .optional(),
    }),
  },
  responses: ok(
    z.object({
      plans: z.array(planItemSchema).openapi({ description: "Empty until the operator adds plans: not for sale yet" }),
      discount_percent: z.string().openapi({
        example: "73%",
        description:
          "The best saving over the plans, lifted to DISCOUNT_FLOOR_PERCENT (SPEC §5); 0% when no plan is discounted: show no badge",
      }),
      currency: z.string(),
    }),
  ),
});

export const commonParams = createRoute({
  method: "get",
  path: "/api/mms/payment/v1/providers/common/params",
  tags,
  summary: "Providers enabled in this environment and what the page needs to start each (public values only)",
  request: { headers: appTypeHeader },
  responses: ok(
    z.object({
      environment: z.enum(["production", "sandbox"]),
      providers: z.array(
        z.object({
          code: z.string(),
          processor: z.string(),
          methods: z.array(z.string()),
          /** False for gap: its purchases start in the Android app (Google Play); the web reads results only. */
          web_purchase: z.boolean(),
          public: z.record(z.string(), z.string()),
        }),
      ),
    }),
  ),
});

const purchaseBody = z.object({
  plan_id: z.string().min(1).max(64),
  currency: z.enum(["USD", "AUD", "CAD", "GBP"]).optional(),
  recasign: z.string().max(4000).optional(),
  client_info: z
    .object({
      front_id: z.string().max(100).optional(),
      language: z.string().max(10).optional(),
      country: z.string().max(60).optional(),
      attribution: z.record(z.string(), z.string().max(200)).optional(),
      user_agent: z.string().max(500).optional(),
    })
    .optional(),
});

const purchaseValue = z.object({
  value: z.object({
    order_id: z.string(),
    web_url: z.string(),
    redirect_url: z.string(),
    status: z.string(),
    success: z.boolean(),
  }),
});

/** What the pages after paying show: the plan, the amount and the renewal date of the order. */
const purchaseResultValue = z.object({
  value: purchaseValue.shape.value.extend({
    plan_id: z.string(),
    months: z.number().int().nullable(),
    currency: z.string(),
    amount_minor: z.number().int().openapi({ description: "What the order charges, in minor units (cents)" }),
    renews_at: z.string().nullable().openapi({ description: "End of the paid period (ISO 8601); null before payment" }),
    auto_renew: z.boolean().nullable(),
  }),
});

export const purchase = createRoute({
  method: "post",
  path: "/api/mms/payment/v1/providers/{code}/purchase",
  tags,
  summary: "Start a purchase with a provider (ps, rz, tpa, so); returns where to send the buyer",
  request: {
    headers: appTypeHeader,
    params: z.object({ code: z.string() }),
    body: { content: { "application/json": { schema: purchaseBody } }, required: true },
  },
  responses: ok(purchaseValue),
});

export const createSubscription = createRoute({
  method: "post",
  path: "/api/mms/payment/v1/providers/s1/create_subscription",
  tags,
  summary: "Start a card subscription (s1, captcha r3)",
  request: {
    headers: appTypeHeader,
    body: { content: { "application/json": { schema: purchaseBody } }, required: true },
  },
  responses: ok(purchaseValue),
});

export const prepurchase = createRoute({
  method: "post",
  path: "/api/mms/payment/v1/providers/common/pd/prepurchase",
  tags,
  summary: "Prepare a purchase with pd (carries the extra client info)",
  request: {
    headers: appTypeHeader,
    body: { content: { "application/json": { schema: purchaseBody } }, required: true },
  },
  responses: ok(purchaseValue),
});

export const purchaseResult = createRoute({
  method: "post",
  path: "/api/mms/payment/v1/providers/{code}/purchase_result",
  tags,
  summary: "Where a purchase stands; status active means success (SPEC §4)",
  request: {
    headers: appTypeHeader,
    params: z.object({ code: z.string() }),
    body: {
      content: { "application/json": { schema: z.object({ order_id: z.string().min(1).max(64) }) } },
      required: true,
    },
  },
  responses: ok(purchaseResultValue),
});

export const l10nPrices = createRoute({
  method: "get",
  path: "/l10n/prices",
  tags,
  summary: "Prices of plans for a customer country (unknown ids are left out)",
  request: {
    query: z.object({
      product_ids: z.string().max(500),
      customer_country: z.string().regex(/^[A-Za-z]{2}$/, "country.invalid"),
    }),
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
    400: errors[400],
  },
});
