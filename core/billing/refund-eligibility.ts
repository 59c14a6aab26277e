/**
 * Whether a customer may take their money back themselves (decision 035): their first purchase,
 * paid and not refunded, within the operator's window (content/claims.ts moneyBackDays; none or 0:
 * off). Everything else (later, a second purchase, a second refund) goes to support.
 */
export type RefundRefusal =
  /** The operator offers no self-served refund. */
  | "off"
  /** Nothing paid to refund. */
  | "no_purchase"
  /** This purchase was refunded already. */
  | "refunded"
  /** The account had a refund before: a second one is support's decision. */
  | "second_refund"
  /** Not the account's first purchase. */
  | "not_first_purchase"
  /** The window has passed. */
  | "window_over"
  /** Paid in cryptocurrency (decision 050): support sends the money back to an address of the buyer's. */
  | "crypto";

export type RefundEligibility = { eligible: true; until: Date } | { eligible: false; reason: RefundRefusal };

export interface RefundCandidate {
  /** The order's status: "active" once paid, "refunded" after a refund. */
  orderStatus: string;
  /** When the purchase was paid (the first payment of its subscription). */
  paidAt: Date | null;
  /** Other orders of the account that were paid (refunded ones included) before this one. */
  earlierPaidOrders: number;
  /** Orders of the account refunded before (this one excluded). */
  otherRefunds: number;
  /** Paid through a processor whose refunds support makes (BTCPay, decision 050). */
  bySupport?: boolean;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function refundEligibility(
  windowDays: number | null,
  candidate: RefundCandidate | null,
  now: Date,
): RefundEligibility {
  if (!windowDays || windowDays <= 0) return { eligible: false, reason: "off" };
  if (!candidate) return { eligible: false, reason: "no_purchase" };
  if (candidate.orderStatus === "refunded") return { eligible: false, reason: "refunded" };
  if (candidate.orderStatus !== "active" || !candidate.paidAt) return { eligible: false, reason: "no_purchase" };
  if (candidate.bySupport) return { eligible: false, reason: "crypto" };
  if (candidate.otherRefunds > 0) return { eligible: false, reason: "second_refund" };
  if (candidate.earlierPaidOrders > 0) return { eligible: false, reason: "not_first_purchase" };
  const until = new Date(candidate.paidAt.getTime() + windowDays * DAY_MS);
  return now < until ? { eligible: true, until } : { eligible: false, reason: "window_over" };
}

/**
 * Whether staff may refund a purchase from the operator console (decision 051): any paid purchase
 * not refunded yet. The customer's limits (window, first purchase, one refund) are theirs, not support's.
 */
export function staffRefundEligibility(candidate: RefundCandidate | null, now: Date): RefundEligibility {
  if (!candidate) return { eligible: false, reason: "no_purchase" };
  if (candidate.orderStatus === "refunded") return { eligible: false, reason: "refunded" };
  if (candidate.orderStatus !== "active" || !candidate.paidAt) return { eligible: false, reason: "no_purchase" };
  return { eligible: true, until: now };
}
