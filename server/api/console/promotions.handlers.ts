import type { RouteHandler } from "@hono/zod-openapi";
import type { Context } from "hono";
import { readPromotionConfig } from "../../../core/config/promotion-store";
import {
  createCouponAudited,
  endCouponAudited,
  listCoupons,
  listRedemptions,
} from "../../../core/staff/console-coupons";
import { endPromotion, type PromotionChange, savePopups, savePromotion } from "../../../core/staff/console-promotions";
import type { AppEnv } from "../../context";
import type { AccountDeps } from "../account/account-deps";
import { errorReply, ok } from "../envelope";
import type * as routes from "./promotions.routes";

type Handler<R extends keyof typeof routes> = RouteHandler<Extract<(typeof routes)[R], { method: string }>, AppEnv>;

const actorOf = (c: Context<AppEnv>) => ({ kind: "staff" as const, userId: c.get("session").user.id });

/** The console's promotions, popups and coupons (decision 057): thin handlers over core/staff/. */
export function promotionHandlers(deps: AccountDeps) {
  const db = deps.db;

  const changed = (c: Context<AppEnv>, result: Extract<PromotionChange, { ok: true }>, event: string) => {
    c.get("logger").info({ event }, "promotions changed from the console");
    c.header("Cache-Control", "no-store");
    return c.json(ok({ config: result.config }), 200);
  };

  const list: Handler<"listPromotions"> = async (c) => {
    c.header("Cache-Control", "no-store");
    const config = await readPromotionConfig(db, (error) =>
      c.get("logger").error({ issues: error.issues }, "stored promotion config no longer valid"),
    );
    return c.json(ok({ config }), 200);
  };

  const save: Handler<"savePromotion"> = async (c) => {
    const result = await savePromotion(db, c.req.valid("json"), actorOf(c));
    if (result.ok) return changed(c, result, "promotion_saved");
    if (result.reason === "sale_invalid") return errorReply(c, "promotionSaleInvalid", { ...result.problem });
    return errorReply(c, "promotionsStoredInvalid");
  };

  const end: Handler<"endPromotion"> = async (c) => {
    const result = await endPromotion(db, c.req.valid("json").id, actorOf(c));
    if (result.ok) return changed(c, result, "promotion_ended");
    if (result.reason === "not_found") return errorReply(c, "notFound", null, "no such promotion");
    return errorReply(c, "promotionsStoredInvalid");
  };

  const popups: Handler<"savePopups"> = async (c) => {
    const result = await savePopups(db, c.req.valid("json").popups, actorOf(c));
    if (result.ok) return changed(c, result, "popups_saved");
    return errorReply(c, "promotionsStoredInvalid");
  };

  const coupons: Handler<"listConsoleCoupons"> = async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(ok({ coupons: await listCoupons(db) }), 200);
  };

  const redemptions: Handler<"couponRedemptions"> = async (c) => {
    c.header("Cache-Control", "no-store");
    const code = c.req.valid("param").code;
    if (!(await listCoupons(db)).some((coupon) => coupon.code === code)) {
      return errorReply(c, "notFound", null, "no such coupon");
    }
    return c.json(ok({ redemptions: await listRedemptions(db, code) }), 200);
  };

  const createCoupon: Handler<"createConsoleCoupon"> = async (c) => {
    const result = await createCouponAudited(db, c.req.valid("json"), actorOf(c));
    c.header("Cache-Control", "no-store");
    if ("coupon" in result) return c.json(ok({ coupon: result.coupon }), 200);
    if (result.refused === "coupon_exists") return errorReply(c, "couponExists");
    return errorReply(
      c,
      "notFound",
      null,
      result.refused === "unknown_plan" ? `no plan ${result.planId}` : "no such coupon",
    );
  };

  const endCoupon: Handler<"endConsoleCoupon"> = async (c) => {
    const result = await endCouponAudited(db, c.req.valid("json").code, actorOf(c));
    c.header("Cache-Control", "no-store");
    if ("coupon" in result) return c.json(ok({ coupon: result.coupon }), 200);
    return errorReply(c, "notFound", null, "no such coupon");
  };

  return { list, save, end, popups, coupons, redemptions, createCoupon, endCoupon };
}
