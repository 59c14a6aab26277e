import type { PaymentMethod } from "../../../universal/billing/processor-kinds";
import { PROVIDER_CODES, type ProviderCode } from "../../../universal/billing/provider-codes";
import type { BillingEvent } from "../subscription-state";

export { PROVIDER_CODES, type ProviderCode };

/** SPEC §7: gap has purchase_result only (Google Play purchases start in the Android app). */
export const WEB_PURCHASE_CODES: readonly ProviderCode[] = PROVIDER_CODES.filter((code) => code !== "gap");

/**
 * How the buyer pays through a code the sandbox serves unmapped (no PAYMENT_PROVIDERS): what the
 * default map's processor takes (ps PayPal, rz Razorpay, tpa BTCPay…). A mapped code shows its
 * processor kind's methods (PROCESSOR_KINDS), never these.
 */
export const PROVIDER_METHODS: Record<ProviderCode, readonly PaymentMethod[]> = {
  s1: ["card"],
  pd: ["card", "paypal"],
  ps: ["paypal"],
  rz: ["card", "upi"],
  gap: ["google_pay"],
  tpa: ["bitcoin"],
  so: ["card", "local"],
};

export interface PurchaseRequest {
  orderId: string;
  planId: string;
  months: number;
  /** What the buyer pays, in minor units (after a coupon's discount). */
  amountMinor: number;
  /**
   * A coupon's discount (decision 034): the plan's price is `amountMinor + amountOffMinor`, and the
   * processor is told to take `amountOffMinor` off it on every payment of the subscription.
   */
  discount?: { code: string; amountOffMinor: number };
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

/**
 * Where money moves: a processor's live mode, its test mode, or the built-in sandbox. Decided by
 * PAYMENT_MODE at start (decision 024), stored on each order, carried by each event.
 */
export type PaymentEnvironment = "live" | "test" | "sandbox";

/** What a payment charged, as the processor reports it: checked against the order before it grants. */
export interface ChargeDetails {
  /** Before tax, in minor units (what the order was created for). */
  amountMinor: number;
  currency: string;
  /** The plan named in the processor's metadata, when it carries one. */
  planId?: string;
  /** The processor's fingerprint of the card or account that paid, when its event carries one (decision 047). */
  fingerprint?: string;
}

/** A verified provider event, in our terms. */
export interface ProviderEvent {
  eventId: string;
  /** Empty when the processor's event names only the subscription (a Paddle adjustment): its order. */
  orderId: string;
  subscriptionRef: string;
  /** The environment the processor says the event belongs to (Stripe's livemode, the webhook's keys). */
  environment: PaymentEnvironment;
  /** Present on payment_succeeded: what was charged. */
  charge?: ChargeDetails;
  event: BillingEvent | { type: "declined"; at: Date } | { type: "abandoned"; at: Date };
  /**
   * A prepaid period that never renews (a crypto invoice, decision 050): the subscription it starts
   * has renewal off, and its period follows any paid time the account still has.
   */
  prepaid?: true;
}

/** An order as a processor needs it to read its state back. */
export interface OrderReference {
  id: string;
  /** The processor's id for the purchase, saved when it was created. */
  reference: string | null;
}

/** A first purchase to refund in full: the order, the processor's id for it, its subscription. */
export interface RefundRequest {
  orderId: string;
  /** The processor's id for the purchase (Stripe Checkout Session, Paddle transaction). */
  reference: string | null;
  subscriptionRef: string;
}

/**
 * What the processor answered a refund: made ("refunded"), or accepted and waiting for its own
 * approval ("pending": Paddle reviews some refunds; its webhook tells when it is approved).
 */
export type RefundOutcome = "refunded" | "pending";

/**
 * A move of a subscription to another plan (decision 037): now, with the processor's proration, or
 * at the next renewal. Prices are the plans' own in the subscription's currency (minor units).
 */
export interface PlanChangeRequest {
  orderId: string;
  subscriptionRef: string;
  timing: "now" | "at_renewal";
  /**
   * The moment a switch "now" is prorated at: the customer's preview's, so the charge is the amount
   * they were shown (Stripe's proration_date; Paddle prorates at the time of the update).
   */
  prorationDate: Date;
  currency: string;
  /** The plan the subscription is on, with the period it paid for (the sandbox prorates from it). */
  current: { planId: string; months: number; amountMinor: number; periodEnd: Date; productId?: string };
  /** The plan it moves to, as a purchase names it (the catalogue price id, or the price inline). */
  target: { planId: string; months: number; amountMinor: number; planName: string; productId?: string };
}

/** What a switch costs, as the processor computes it. */
export interface PlanChangeQuote {
  /** Charged now (an upgrade's prorated amount, before tax), or at the renewal for a scheduled switch. */
  amountDueMinor: number;
  currency: string;
  /** When the new plan takes effect (now, or the current period's end). */
  effectiveAt: Date;
  /** When the new plan's period ends; null when it starts at the renewal. */
  periodEnd: Date | null;
}

/** Processors that sell prepaid periods that never renew (decision 050): no renewal switch, no plan switch. */
export const PREPAID_PROCESSORS: ReadonlySet<string> = new Set(["btcpay"]);

/**
 * What a processor does not do at all (decision 050: a crypto purchase has no renewal, no plan to
 * switch, and its refund goes through support): thrown by the operation, so the account page can
 * say so instead of "the provider refused".
 */
export class NotOfferedByProcessor extends Error {
  constructor(
    readonly operation: "renewal" | "plan_change" | "refund",
    detail: string,
  ) {
    super(detail);
    this.name = "NotOfferedByProcessor";
  }
}

/** One interface for every processor (create, read back, verify webhooks, cancel and resume renewal). */
export interface PaymentProcessor {
  name: "sandbox" | "stripe" | "paddle" | "paypal" | "btcpay" | "razorpay";
  environment: PaymentEnvironment;
  /**
   * False when the processor cannot move a subscription to another plan (PayPal, decision 049): the
   * account page then offers no switch. Absent: it can (previewPlanChange, changePlan).
   */
  planChanges?: boolean;
  /** Throws when the processor refuses, or answers without a page to pay on. */
  createPurchase(request: PurchaseRequest): Promise<{ webUrl: string; reference: string }>;
  /** The processor's own view of an order, to reconcile when the buyer returns before the webhook. */
  lookupEvents(order: OrderReference): Promise<ProviderEvent[]>;
  /**
   * Verifies and parses a webhook: null when the signature or payload is not valid, "ignored"
   * for a genuine event of a kind that does not move a subscription.
   */
  parseWebhook(rawBody: string, headers: Headers): Promise<ProviderEvent | "ignored" | null>;
  /**
   * Turns automatic renewal off at the end of the paid period; answers what the processor then
   * reports (renewal off or not). Throws when it refuses or cannot be reached.
   */
  cancelSubscription(subscriptionRef: string): Promise<{ renewalOff: boolean }>;
  /** Turns automatic renewal back on (undoes a cancellation at period end). */
  resumeSubscription(subscriptionRef: string): Promise<void>;
  /**
   * Refunds a purchase in full and ends its subscription at the processor (no further charge).
   * Throws when the processor refuses or cannot be reached: then nothing was refunded.
   */
  refundPurchase(request: RefundRequest): Promise<RefundOutcome>;
  /**
   * A page of the processor's where the customer updates the card of a subscription (a failed
   * renewal): fresh on each call, as some expire within minutes. `returnUrl` is where the page
   * sends them back, when it can. Throws when the processor refuses or cannot be reached.
   */
  paymentMethodUrl(request: { subscriptionRef: string; returnUrl: string }): Promise<string>;
  /** What a plan change would cost, without making it (Stripe invoice preview, Paddle previewUpdate). */
  previewPlanChange(request: PlanChangeRequest): Promise<PlanChangeQuote>;
  /**
   * Moves the subscription to another plan: now with proration (the charge made), or scheduled for
   * the renewal. Throws when the processor refuses or cannot be reached: then nothing changed.
   */
  changePlan(request: PlanChangeRequest): Promise<PlanChangeQuote & { reference: string | null }>;
  /** Undoes a switch scheduled for the renewal: the subscription renews on its current plan. */
  cancelPlanChange(request: PlanChangeRequest): Promise<void>;
}
