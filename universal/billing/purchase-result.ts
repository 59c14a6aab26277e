/**
 * What purchase_result tells about an order (SPEC §4; the contract is
 * server/api/payment/purchases.routes.ts): the pages after paying read it, core/billing writes it.
 */
export interface PurchaseResult {
  order_id: string;
  web_url: string;
  redirect_url: string;
  status: string;
  success: boolean;
  plan_id: string;
  months: number | null;
  currency: string;
  amount_minor: number;
  renews_at: string | null;
  auto_renew: boolean | null;
}
