/**
 * What a coupon takes off a price and whether it applies to a purchase (decision 034): pure
 * decisions, shared by the checkout's quote and the purchase itself, so the price the page shows
 * is the price the order is created for.
 */

export interface CouponTerms {
  code: string;
  kind: "percent" | "amount";
  /** 1-99, for kind percent. */
  percentOff: number | null;
  /** Minor units of `currency`, for kind amount. */
  amountOff: number | null;
  currency: string | null;
  /** null = every plan. */
  planIds: string[] | null;
  startsAt: Date | null;
  endsAt: Date | null;
  maxRedemptions: number | null;
  redemptions: number;
  firstPurchaseOnly: boolean;
}

/** Why a coupon does not apply; each is a `forms` key `coupon.<reason>` the checkout shows by the field. */
export type CouponRefusal =
  | "unknown"
  | "not_started"
  | "expired"
  | "plan"
  | "currency"
  | "limit_reached"
  | "first_purchase";

export interface CouponPurchase {
  planId: string;
  currency: string;
  /** The plan's price in minor units, before the coupon. */
  amountMinor: number;
  /** The buyer has no paid order yet (a refunded one counts as paid). */
  firstPurchase: boolean;
  now: Date;
}

/** The coupon's saving on a price, in minor units: a percentage rounds to the nearest minor unit. */
export function couponDiscount(coupon: Pick<CouponTerms, "kind" | "percentOff" | "amountOff">, amountMinor: number) {
  if (coupon.kind === "percent") return Math.round((amountMinor * (coupon.percentOff ?? 0)) / 100);
  return Math.min(coupon.amountOff ?? 0, amountMinor);
}

/** The reason a coupon does not apply to this purchase, or null when it does. */
export function couponRefusal(coupon: CouponTerms | undefined, purchase: CouponPurchase): CouponRefusal | null {
  if (!coupon) return "unknown";
  if (coupon.startsAt && purchase.now < coupon.startsAt) return "not_started";
  if (coupon.endsAt && purchase.now >= coupon.endsAt) return "expired";
  if (coupon.planIds && !coupon.planIds.includes(purchase.planId)) return "plan";
  if (coupon.kind === "amount" && coupon.currency?.toUpperCase() !== purchase.currency.toUpperCase()) {
    return "currency";
  }
  // Nothing left to pay is not a sale a processor takes: such a coupon is not for this plan.
  if (couponDiscount(coupon, purchase.amountMinor) >= purchase.amountMinor) return "plan";
  if (coupon.maxRedemptions !== null && coupon.redemptions >= coupon.maxRedemptions) return "limit_reached";
  if (coupon.firstPurchaseOnly && !purchase.firstPurchase) return "first_purchase";
  return null;
}

/** The buyer's input as a code: trimmed, upper case; null when it cannot be one. */
export function normaliseCouponCode(input: string): string | null {
  const code = input.trim().toUpperCase();
  return /^[A-Z0-9][A-Z0-9_-]{1,39}$/.test(code) ? code : null;
}
