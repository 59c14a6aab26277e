import type { PurchaseResult } from "../../universal/billing/purchase-result";

export const purchaseResultPath = (provider: string) =>
  `/api/mms/payment/v1/providers/${encodeURIComponent(provider)}/purchase_result`;

/** The checkout again, with the plan and currency of the order that did not go through. */
export function checkoutAgainPath(order: Pick<PurchaseResult, "plan_id" | "currency"> | undefined): string {
  if (!order?.plan_id) return "/pricing";
  return `/pricing/checkout/${encodeURIComponent(order.plan_id)}?currency=${encodeURIComponent(order.currency)}`;
}

/** The page after paying, for the same order and provider. */
export function successPath(orderId: string, provider: string): string {
  return `/paysuc?order=${encodeURIComponent(orderId)}&provider=${encodeURIComponent(provider)}`;
}
