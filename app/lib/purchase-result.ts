/** What purchase_result tells about an order (server/api/payment/purchases.routes.ts). */
export interface PurchaseResult {
  order_id: string;
  status: string;
  success: boolean;
  plan_id: string;
  months: number | null;
  currency: string;
  amount_minor: number;
  renews_at: string | null;
  auto_renew: boolean | null;
}

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
