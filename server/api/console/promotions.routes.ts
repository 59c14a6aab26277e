import { createRoute, z } from "@hono/zod-openapi";
import { couponCodeSchema, createCouponSchema } from "../../../core/billing/manage-coupons";
import {
  popupsSchema,
  promotionConfigSchema,
  promotionSchema,
} from "../../../universal/promotions/promotion-config.schema";
import { bearer } from "../account/contract";
import { answers, appTypeHeader, json, WRITE_ERRORS } from "../contract";
import { operatorCouponSchema } from "../operator/coupons.routes";
import { CONSOLE_BASE, STAFF_ERRORS } from "./console.routes";

/**
 * Contracts of the console's promotions, popups and coupons (decision 057): right
 * promotions.manage (owners and marketing), every change audited.
 */
const tags = ["Operator console"];

const SALE_ERRORS = [
  ["promotionSaleInvalid", "data.reason: unknown_price, not_below_price, unknown_coupon or coupon_ended"],
  ["promotionsStoredInvalid", "the stored document no longer parses: fix it through the operator API"],
] as const;

export const listPromotions = createRoute({
  method: "get",
  path: `${CONSOLE_BASE}/promotions`,
  tags,
  security: bearer,
  summary: "The promotions document with every promotion (ended ones too) and their sales",
  request: { headers: appTypeHeader },
  responses: answers(z.object({ config: promotionConfigSchema }), [...STAFF_ERRORS]),
});

export const savePromotion = createRoute({
  method: "post",
  path: `${CONSOLE_BASE}/promotions/save`,
  tags,
  security: bearer,
  summary: "Create or replace one promotion (by id), with its texts, window and sale",
  request: { headers: appTypeHeader, ...json(promotionSchema) },
  responses: answers(z.object({ config: promotionConfigSchema }), [
    "validation",
    ...WRITE_ERRORS,
    ...STAFF_ERRORS,
    ...SALE_ERRORS,
  ]),
});

export const endPromotion = createRoute({
  method: "post",
  path: `${CONSOLE_BASE}/promotions/end`,
  tags,
  security: bearer,
  summary: "End a promotion now (its sale with it); one that has not started is removed",
  request: { headers: appTypeHeader, ...json(z.object({ id: z.string().min(1).max(60) })) },
  responses: answers(z.object({ config: promotionConfigSchema }), [
    "validation",
    ...WRITE_ERRORS,
    ...STAFF_ERRORS,
    ["notFound", "no such promotion"],
    ["promotionsStoredInvalid", "the stored document no longer parses"],
  ]),
});

export const savePopups = createRoute({
  method: "post",
  path: `${CONSOLE_BASE}/promotions/popups`,
  tags,
  security: bearer,
  summary: "Replace the weekend, workday and mobile popups' content",
  request: { headers: appTypeHeader, ...json(z.object({ popups: popupsSchema })) },
  responses: answers(z.object({ config: promotionConfigSchema }), [
    "validation",
    ...WRITE_ERRORS,
    ...STAFF_ERRORS,
    ["promotionsStoredInvalid", "the stored document no longer parses"],
  ]),
});

export const listConsoleCoupons = createRoute({
  method: "get",
  path: `${CONSOLE_BASE}/coupons`,
  tags,
  security: bearer,
  summary: "Every coupon with its redemption count",
  request: { headers: appTypeHeader },
  responses: answers(z.object({ coupons: z.array(operatorCouponSchema) }), [...STAFF_ERRORS]),
});

export const couponRedemptions = createRoute({
  method: "get",
  path: `${CONSOLE_BASE}/coupons/{code}/redemptions`,
  tags,
  security: bearer,
  summary: "A coupon's redemptions, newest first: what was sold and its state, not who bought it",
  request: { headers: appTypeHeader, params: z.object({ code: couponCodeSchema }) },
  responses: answers(
    z.object({
      redemptions: z.array(
        z.object({
          redeemed_at: z.string(),
          plan_id: z.string(),
          currency: z.string(),
          amount: z.number().int(),
          discount: z.number().int(),
          status: z.string(),
        }),
      ),
    }),
    ["validation", ...STAFF_ERRORS, ["notFound", "no such coupon"]],
  ),
});

export const createConsoleCoupon = createRoute({
  method: "post",
  path: `${CONSOLE_BASE}/coupons`,
  tags,
  security: bearer,
  summary: "Publish a coupon (decision 034's terms)",
  request: { headers: appTypeHeader, ...json(createCouponSchema) },
  responses: answers(z.object({ coupon: operatorCouponSchema }), [
    "validation",
    ...WRITE_ERRORS,
    ...STAFF_ERRORS,
    ["notFound", "a plan named does not exist"],
    "couponExists",
  ]),
});

export const endConsoleCoupon = createRoute({
  method: "post",
  path: `${CONSOLE_BASE}/coupons/end`,
  tags,
  security: bearer,
  summary: "Disable a coupon now; orders made with it keep their price",
  request: { headers: appTypeHeader, ...json(z.object({ code: couponCodeSchema })) },
  responses: answers(z.object({ coupon: operatorCouponSchema }), [
    "validation",
    ...WRITE_ERRORS,
    ...STAFF_ERRORS,
    ["notFound", "no such coupon"],
  ]),
});
