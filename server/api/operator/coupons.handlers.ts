import type { RouteHandler } from "@hono/zod-openapi";
import type { Context } from "hono";
import { actorSchema } from "../../../core/billing/manage-catalogue";
import { type CouponChangeResult, createCoupon, endCoupon, listCoupons } from "../../../core/billing/manage-coupons";
import type { AppDeps, AppEnv } from "../../context";
import { errorReply, ok } from "../envelope";
import type * as routes from "./coupons.routes";

type CouponDeps = Pick<AppDeps, "database">;

/** The envelope of a change: the coupon, or why it was refused. */
function answer(c: Context<AppEnv>, result: CouponChangeResult, action: string) {
  c.header("Cache-Control", "no-store");
  if ("coupon" in result) {
    c.get("logger").info({ event: "coupon_changed", action, coupon: result.coupon.code }, "coupon changed");
    return c.json(ok({ coupon: result.coupon }), 200);
  }
  switch (result.refused) {
    case "coupon_exists":
      return errorReply(c, "couponExists", null, `coupon ${result.code} exists already: end it and publish another`);
    case "unknown_coupon":
      return errorReply(c, "notFound", null, `no coupon ${result.code}`);
    case "unknown_plan":
      return errorReply(c, "notFound", null, `no plan ${result.planId}`);
  }
}

/** The operator's coupons: thin handlers over core/billing/manage-coupons.ts. */
export function couponHandlers(deps: CouponDeps) {
  const db = deps.database.db;

  const list: RouteHandler<typeof routes.listCoupons, AppEnv> = async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(ok({ coupons: await listCoupons(db) }), 200);
  };

  const create: RouteHandler<typeof routes.createCoupon, AppEnv> = async (c) => {
    const actor = actorSchema.safeParse(c.req.header("x-operator-name") ?? "operator-api");
    if (!actor.success) {
      return errorReply(c, "validation", {
        fields: { "x-operator-name": actor.error.issues[0]?.message ?? "invalid" },
      });
    }
    return answer(c, await createCoupon(db, c.req.valid("json"), actor.data), "create");
  };

  const end: RouteHandler<typeof routes.endCoupon, AppEnv> = async (c) => {
    const result = await endCoupon(db, c.req.valid("param").code);
    c.header("Cache-Control", "no-store");
    if (!("coupon" in result)) return errorReply(c, "notFound", null, `no coupon ${result.code}`);
    c.get("logger").info({ event: "coupon_changed", action: "end", coupon: result.coupon.code }, "coupon changed");
    return c.json(ok({ coupon: result.coupon }), 200);
  };

  return { listCoupons: list, createCoupon: create, endCoupon: end };
}
