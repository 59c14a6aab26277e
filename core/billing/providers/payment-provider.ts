import type { BillingEvent } from "../subscription-state";

/** SPEC §7 provider codes. Each maps to a processor: a real one when its keys are set, else the sandbox. */
export const PROVIDER_CODES = ["s1", "pd", "ps", "rz", "gap", "tpa", "so"] as const;
export type ProviderCode = (typeof PROVIDER_CODES)[number];

/** SPEC §7: gap has purchase_result only (Google Play purchases start in the Android app). */
export const WEB_PURCHASE_CODES: readonly ProviderCode[] = PROVIDER_CODES.filter((code) => code !== "gap");

/** How the buyer pays (separate from who processes it). */
export const PROVIDER_METHODS: Record<ProviderCode, string[]> = {
  s1: ["card"],
  pd: ["card", "paypal"],
  ps: ["card", "local"],
  rz: ["card", "upi"],
  gap: ["google_pay"],
  tpa: ["card", "local"],
  so: ["card", "local"],
};

export interface PurchaseRequest {
  orderId: string;
  planId: string;
  months: number;
  amountMinor: number;
  currency: string;
  email: string;
  /** Where the buyer comes back to after paying (absolute, in the buyer's language). */
  returnUrl: string;
  /** Where the buyer comes back to when they leave the processor's page without paying. */
  cancelUrl: string;
  /** Shown on the processor's checkout page when it has no catalogue price of its own. */
  planName: string;
  /** The processor's catalogue price id; without one the plan's price is sent inline. */
  productId?: string;
}

/** A verified provider event, in our terms. */
export interface ProviderEvent {
  eventId: string;
  orderId: string;
  subscriptionRef: string;
  event: BillingEvent | { type: "declined"; at: Date } | { type: "abandoned"; at: Date };
}

/** One interface for every processor (create, read back, verify webhooks, cancel and resume renewal). */
export interface PaymentProcessor {
  name: "sandbox" | "stripe" | "paddle";
  createPurchase(request: PurchaseRequest): Promise<{ webUrl: string; reference: string }>;
  /** The processor's own view of an order, to reconcile when the buyer returns before the webhook. */
  lookupEvents(orderId: string): Promise<ProviderEvent[]>;
  /**
   * Verifies and parses a webhook: null when the signature or payload is not valid, "ignored"
   * for a genuine event of a kind that does not move a subscription.
   */
  parseWebhook(rawBody: string, headers: Headers): Promise<ProviderEvent | "ignored" | null>;
  /** Turns automatic renewal off at the end of the paid period. */
  cancelSubscription(subscriptionRef: string): Promise<void>;
  /** Turns automatic renewal back on (undoes a cancellation at period end). */
  resumeSubscription(subscriptionRef: string): Promise<void>;
}
