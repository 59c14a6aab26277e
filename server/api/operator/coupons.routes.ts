import { createRoute, z } from "@hono/zod-openapi";
import { couponCodeSchema, createCouponSchema } from "../../../core/billing/manage-coupons";
import { OPERATOR_ERRORS } from "../contract";
import { envelopeSchema, errorResponses } from "../envelope";

/**
 * Contracts of the operator's coupons (decision 034), behind `Authorization: Bearer
 * OPERATOR_TOKEN` like the catalogue. `npm run coupons` is a client of these calls.
 */

export const COUPONS_PATH = "/api/operator/v1/coupons";

const security: Array<Record<string, string[]>> = [{ bearerAuth: [] }];
const operatorErrors = errorResponses([
  ["validation", "invalid input; data.fields: one message per field, e.g. percent_off"],
  ...OPERATOR_ERRORS,
]);
const actorHeader = z.object({
  "x-operator-name": z.string().optional().openapi({
    description: 'Who publishes the coupon (default "operator-api"; the CLI sends "cli")',
    example: "cli",
  }),
});

export const operatorCouponSchema = z
  .object({
    code: z.string(),
    percent_off: z.number().int().nullable(),
    amount_off: z.number().int().nullable().openapi({ description: "Minor units of currency" }),
    currency: z.string().nullable(),
    plan_ids: z.array(z.string()).nullable().openapi({ description: "null = every plan" }),
    starts_at: z.string().nullable(),
    ends_at: z.string().nullable(),
    max_redemptions: z.number().int().nullable().openapi({ description: "null = no limit" }),
    redemptions: z.number().int().openapi({ description: "Held by orders pending or paid" }),
    first_purchase_only: z.boolean(),
    created_by: z.string(),
    created_at: z.string(),
  })
  .openapi("OperatorCoupon");

const couponAnswer = (description: string) => ({
  200: {
    description,
    content: { "application/json": { schema: envelopeSchema(z.object({ coupon: operatorCouponSchema })) } },
  },
});

export const listCoupons = createRoute({
  method: "get",
  path: COUPONS_PATH,
  tags: ["Operator"],
  summary: "Every coupon, ended ones too, with its redemptions",
  security,
  responses: {
    200: {
      description: "The coupons, oldest first",
      content: {
        "application/json": { schema: envelopeSchema(z.object({ coupons: z.array(operatorCouponSchema) })) },
      },
    },
    ...operatorErrors,
  },
});

export const createCoupon = createRoute({
  method: "post",
  path: COUPONS_PATH,
  tags: ["Operator"],
  summary:
    "Publish a coupon: percent_off (1-99) or amount_off + currency; plans, validity window, redemption limit, first purchase only",
  security,
  request: {
    headers: actorHeader,
    body: { content: { "application/json": { schema: createCouponSchema } }, required: true },
  },
  responses: {
    ...couponAnswer("The new coupon"),
    ...operatorErrors,
    ...errorResponses(["couponExists", ["notFound", "a plan in plan_ids does not exist"]]),
  },
});

export const endCoupon = createRoute({
  method: "post",
  path: `${COUPONS_PATH}/{code}/end`,
  tags: ["Operator"],
  summary: "End a coupon now (its window closes; orders made with it keep their price)",
  security,
  request: { params: z.object({ code: couponCodeSchema }) },
  responses: {
    ...couponAnswer("The ended coupon"),
    ...operatorErrors,
    ...errorResponses([["notFound", "no coupon with this code"]]),
  },
});
