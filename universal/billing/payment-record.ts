/**
 * One payment of an account as the account's history and receipts show it (the contract is
 * server/api/account/payments/payments.routes.ts; core/billing/payment-history.ts builds it).
 */
export const PAYMENT_STATUSES = ["paid", "refunded", "declined"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export interface PaymentRecord {
  order_id: string;
  /** When the processor took the money (the first payment event), else when the order was made. */
  paid_at: string;
  plan_id: string;
  /** The plan's length, to name it; null when the plan is gone. */
  plan_months: number | null;
  amount_minor: number;
  currency: string;
  /** The payment method the buyer picked (SPEC §7 code: s1, pd, ps…). */
  provider: string;
  /** Who took the money (stripe, paddle, paypal, sandbox). */
  processor: string;
  status: PaymentStatus;
  /** Refunds are whole today: the amount refunded and when, or null. */
  refund: { amount_minor: number; at: string } | null;
  /** Paid and refunded payments have a receipt; a declined one does not. */
  has_receipt: boolean;
}

/** The buyer's billing details printed on receipts (edited in the account). */
export interface BillingDetails {
  name: string;
  address: string;
  vat_id: string;
}

/** Who issued the receipt: the operator's legal details, as the legal pages name them. */
export interface ReceiptIssuer {
  brand: string;
  legalEntity: string;
  legalAddress: string;
  supportEmail: string;
}

/** Everything a receipt shows: the payment, the seller and the buyer. */
export interface ReceiptView {
  payment: PaymentRecord;
  issuer: ReceiptIssuer;
  buyer: BillingDetails & { email: string };
}

/** What a receipt page and its PDF reach through the load context, bound to the request's user. */
export interface PageReceipts {
  /** Null for an order of someone else, one without a receipt, or an anonymous visitor. */
  receipt(orderId: string): Promise<ReceiptView | null>;
  pdf(orderId: string, locale: import("../i18n/locales").Locale): Promise<Uint8Array | null>;
}
