import { desc, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { couponRedemptions, orders } from "../../db/schema";
import {
  type CouponChangeResult,
  type CreateCouponInput,
  createCoupon,
  endCoupon,
  listCoupons,
  type OperatorCoupon,
} from "../billing/manage-coupons";
import { type Actor, recordAudit } from "./staff";

/**
 * Coupons in the console (decision 057): decision 034's own functions (publish, list, end), each
 * change with its audit row in the same transaction. A redemption shows what was sold, never who
 * bought it: marketing reads no customer's orders (decision 051).
 */

export { listCoupons, type OperatorCoupon };

export interface CouponRedemption {
  redeemed_at: string;
  plan_id: string;
  currency: string;
  amount: number;
  discount: number;
  status: string;
}

/** A coupon's redemptions, newest first (at most 200), without the buyer. */
export async function listRedemptions(db: Database, code: string): Promise<CouponRedemption[]> {
  const rows = await db
    .select({
      redeemedAt: couponRedemptions.createdAt,
      planId: orders.planId,
      currency: orders.currency,
      amount: orders.amount,
      discount: orders.discountAmount,
      status: orders.status,
    })
    .from(couponRedemptions)
    .innerJoin(orders, eq(orders.id, couponRedemptions.orderId))
    .where(eq(couponRedemptions.couponCode, code))
    .orderBy(desc(couponRedemptions.createdAt), desc(couponRedemptions.id))
    .limit(200);
  return rows.map((row) => ({
    redeemed_at: row.redeemedAt.toISOString(),
    plan_id: row.planId,
    currency: row.currency,
    amount: row.amount,
    discount: row.discount,
    status: row.status,
  }));
}

const createdBy = (actor: Actor) => (actor.kind === "staff" ? `staff:${actor.userId}` : "operator-api");

/** Publishes a coupon from the console, audited (`coupon.create`). */
export async function createCouponAudited(
  db: Database,
  input: CreateCouponInput,
  actor: Actor,
  now = new Date(),
): Promise<CouponChangeResult> {
  return db.transaction(async (tx) => {
    const result = await createCoupon(tx, input, createdBy(actor));
    if ("coupon" in result) {
      await recordAudit(tx, {
        actor,
        action: "coupon.create",
        target: `coupon:${result.coupon.code}`,
        after: { ...result.coupon },
        now,
      });
    }
    return result;
  });
}

/** Ends (disables) a coupon now, audited (`coupon.end`); orders made with it keep their price. */
export async function endCouponAudited(
  db: Database,
  code: string,
  actor: Actor,
  now = new Date(),
): Promise<CouponChangeResult> {
  return db.transaction(async (tx) => {
    const [before] = (await listCoupons(tx)).filter((coupon) => coupon.code === code);
    const result = await endCoupon(tx, code, now);
    if ("coupon" in result && before && before.ends_at !== result.coupon.ends_at) {
      await recordAudit(tx, {
        actor,
        action: "coupon.end",
        target: `coupon:${code}`,
        before: { ends_at: before.ends_at },
        after: { ends_at: result.coupon.ends_at },
        now,
      });
    }
    return result;
  });
}
