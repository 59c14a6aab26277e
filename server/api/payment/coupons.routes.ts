import { createRoute, z } from "@hono/zod-openapi";
import { APP_TYPE_ERRORS, answers } from "../contract";
import { appTypeHeader, currencySchema, tags } from "./payment.schemas";

/** The checkout's coupon quote (decision 034): the plan's price with a code, or why the code does not apply. */

export const couponQuoteValue = z
  .object({
    code: z.string().openapi({ description: "The code as stored (upper case)" }),
    plan_id: z.string(),
    currency: currencySchema,
    list_minor: z.number().int().openapi({ description: "The plan's price before the coupon, minor units" }),
    discount_minor: z.number().int().openapi({ description: "What the coupon takes off, minor units" }),
    amount_minor: z.number().int().openapi({ description: "What the buyer pays, minor units" }),
    percent_off: z.number().int().nullable(),
  })
  .openapi("CouponQuote");

export const couponQuote = createRoute({
  method: "get",
  path: "/api/mms/payment/v1/coupons/quote",
  tags,
  summary:
    "A plan's price with a coupon code; refusals are 40000 with fields.coupon = coupon.unknown, coupon.expired, coupon.not_started, coupon.plan, coupon.currency, coupon.limit_reached or coupon.first_purchase (judged for the signed-in buyer, again at purchase)",
  request: {
    headers: appTypeHeader,
    query: z.object({
      code: z.string().min(1).max(64),
      plan_id: z.string().min(1).max(64),
      currency: currencySchema.optional(),
    }),
  },
  responses: answers(z.object({ quote: couponQuoteValue }), [
    ["validation", "bad query, unknown plan (fields.plan_id) or a coupon that does not apply (fields.coupon)"],
    ...APP_TYPE_ERRORS,
    "tooManyRequests",
  ]),
});
