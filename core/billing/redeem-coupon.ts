import { and, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { couponRedemptions, coupons, orders } from "../../db/schema";
import { type CouponRefusal, couponDiscount, couponRefusal, normaliseCouponCode } from "./coupon-terms";
import { toCouponTerms } from "./manage-coupons";

/**
 * Coupons at checkout (decision 034): the quote the page shows, the hold an order takes on a coupon
 * (the redemption limit counted by one conditional update, so it holds under concurrent purchases)
 * and its release when the order fails or is abandoned.
 */

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Writer = Database | Transaction;

export type CouponQuote =
  | { refused: CouponRefusal }
  | {
      code: string;
      /** The plan's price before the coupon, minor units. */
      listMinor: number;
      /** What the coupon takes off, minor units. */
      discountMinor: number;
      /** What the buyer pays, minor units. */
      amountMinor: number;
      percentOff: number | null;
    };

/** Orders that were paid (refunded ones included) make a buyer a returning one. */
const PAID_STATUSES = ["active", "refunded"];

/** True when the account has never paid for an order. */
export async function isFirstPurchase(db: Writer, userId: number | null): Promise<boolean> {
  if (userId === null) return true;
  const [paid] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), inArray(orders.status, PAID_STATUSES)))
    .limit(1);
  return !paid;
}

/**
 * What a code makes of a plan's price for this buyer, or why it does not apply. Without an account
 * yet (a visitor), "first purchase only" is judged again when the purchase starts.
 */
export async function quoteCoupon(
  db: Writer,
  input: { code: string; planId: string; currency: string; amountMinor: number; userId: number | null; now?: Date },
): Promise<CouponQuote> {
  const code = normaliseCouponCode(input.code);
  const [row] = code ? await db.select().from(coupons).where(eq(coupons.code, code)) : [];
  const coupon = row ? toCouponTerms(row) : undefined;
  const refused = couponRefusal(coupon, {
    planId: input.planId,
    currency: input.currency,
    amountMinor: input.amountMinor,
    firstPurchase: await isFirstPurchase(db, input.userId),
    now: input.now ?? new Date(),
  });
  if (refused || !coupon) return { refused: refused ?? "unknown" };
  const discountMinor = couponDiscount(coupon, input.amountMinor);
  return {
    code: coupon.code,
    listMinor: input.amountMinor,
    discountMinor,
    amountMinor: input.amountMinor - discountMinor,
    percentOff: coupon.kind === "percent" ? coupon.percentOff : null,
  };
}

/** Gives back an order's hold on its coupon (a no-op without one); answers whether it held one. */
export async function releaseCoupon(db: Writer, orderId: string): Promise<boolean> {
  const [released] = await db
    .delete(couponRedemptions)
    .where(eq(couponRedemptions.orderId, orderId))
    .returning({ code: couponRedemptions.couponCode });
  if (!released) return false;
  await db
    .update(coupons)
    .set({ redemptions: sql`greatest(${coupons.redemptions} - 1, 0)` })
    .where(eq(coupons.code, released.code));
  return true;
}

/**
 * Takes one redemption of the coupon for a new order: the count goes up only while it is under the
 * limit (one conditional update, so concurrent purchases cannot pass it), and the hold is written
 * in the same transaction. False when the limit was reached meanwhile: the caller fails the order.
 * A pending order keeps its hold until it fails or is abandoned, since its checkout page can still
 * be paid.
 */
export async function reserveCoupon(
  db: Database,
  input: { code: string; orderId: string; userId: number },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [counted] = await tx
      .update(coupons)
      .set({ redemptions: sql`${coupons.redemptions} + 1` })
      .where(
        and(
          eq(coupons.code, input.code),
          or(isNull(coupons.maxRedemptions), lt(coupons.redemptions, coupons.maxRedemptions)),
        ),
      )
      .returning({ code: coupons.code });
    if (!counted) return false;
    await tx.insert(couponRedemptions).values({ couponCode: input.code, orderId: input.orderId, userId: input.userId });
    return true;
  });
}
