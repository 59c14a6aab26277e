import type { PaymentStatus } from "../../universal/billing/payment-record";

/**
 * What an order's status means in the payment history: money taken ("active" orders, and those
 * refunded since), or a declined attempt. Pending and abandoned checkouts were never payments.
 */
export function paymentStatusOf(orderStatus: string): PaymentStatus | null {
  switch (orderStatus) {
    case "active":
      return "paid";
    case "refunded":
      return "refunded";
    case "failed":
      return "declined";
    default:
      return null;
  }
}

/** The order statuses the history lists, for the query. */
export const LISTED_ORDER_STATUSES = ["active", "refunded", "failed"] as const;
