import { createRoute, z } from "@hono/zod-openapi";
import { SESSION_ERRORS, success, WRITE_ERRORS } from "../contract";
import { errorResponses } from "../envelope";
import { appTypeHeader, currencySchema, tags } from "./payment.schemas";

/** Contracts of buying: starting a purchase (three entry points of SPEC §7) and reading its result. */

const purchaseBody = z.object({
  plan_id: z.string().min(1).max(64),
  currency: currencySchema.optional(),
  recasign: z.string().max(4000).optional(),
  coupon: z.string().max(64).optional().openapi({
    description:
      "A coupon code (decision 034); refused with 40000 and fields.coupon (coupon.unknown, coupon.expired, …) when it does not apply",
  }),
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

/** What the pipeline answers before a signed-in write reaches its handler (server/middleware/session.ts). */
const SIGNED_IN_WRITE = [...WRITE_ERRORS, ...SESSION_ERRORS] as const;

const unknownPlan = [
  "validation",
  "invalid body, plan_id not on sale (fields.plan_id: plan.unknown), or a coupon that does not apply (fields.coupon)",
] as const;

export const purchase = createRoute({
  method: "post",
  path: "/api/mms/payment/v1/providers/{code}/purchase",
  tags,
  summary:
    "Start a purchase with a provider (ps, rz, tpa, so; captcha r3); returns where to send the buyer. s1 and pd start at their own calls (404 here)",
  request: {
    headers: appTypeHeader,
    params: z.object({ code: z.string() }),
    body: { content: { "application/json": { schema: purchaseBody } }, required: true },
  },
  responses: {
    ...success(purchaseValue),
    ...errorResponses([
      unknownPlan,
      ...SIGNED_IN_WRITE,
      "captchaFailed",
      ["notFound", "s1 and pd start purchases at their own calls (create_subscription, common/pd/prepurchase)"],
      "processorUnavailable",
      "processorInAppOnly",
      "processorRefused",
      "methodCurrencyUnsupported",
      "methodCountryUnsupported",
    ]),
  },
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
  responses: {
    ...success(purchaseValue),
    ...errorResponses([
      unknownPlan,
      ...SIGNED_IN_WRITE,
      "captchaFailed",
      "processorUnavailable",
      "processorRefused",
      "methodCurrencyUnsupported",
      "methodCountryUnsupported",
    ]),
  },
});

export const prepurchase = createRoute({
  method: "post",
  path: "/api/mms/payment/v1/providers/common/pd/prepurchase",
  tags,
  summary: "Prepare a purchase with pd (carries the extra client info; captcha r3)",
  request: {
    headers: appTypeHeader,
    body: { content: { "application/json": { schema: purchaseBody } }, required: true },
  },
  responses: {
    ...success(purchaseValue),
    ...errorResponses([
      unknownPlan,
      ...SIGNED_IN_WRITE,
      "captchaFailed",
      "processorUnavailable",
      "processorRefused",
      "methodCurrencyUnsupported",
      "methodCountryUnsupported",
    ]),
  },
});

export const purchaseResult = createRoute({
  method: "post",
  path: "/api/mms/payment/v1/providers/{code}/purchase_result",
  tags,
  summary: "Where a purchase stands (decision 045)",
  description:
    "s1 (SPEC §4): status active means success and web_url is copied into redirect_url. The other providers: active means success too, and redirect_url is web_url only while the order is pending (empty once it is settled).",
  request: {
    headers: appTypeHeader,
    params: z.object({ code: z.string() }),
    body: {
      content: { "application/json": { schema: z.object({ order_id: z.string().min(1).max(64) }) } },
      required: true,
    },
  },
  responses: {
    ...success(purchaseResultValue),
    ...errorResponses(["validation", ...SIGNED_IN_WRITE, ["notFound", "no such order"]]),
  },
});
