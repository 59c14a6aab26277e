import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client";
import { orders, subscriptions } from "../../db/schema";
import { ingestProviderEvent } from "./orders";
import { type PaymentProcessor, PREPAID_PROCESSORS } from "./providers/payment-provider";
import { type RefundEligibility, refundEligibility, staffRefundEligibility } from "./refund-eligibility";
import { processorOfSubscription } from "./renewal-change";

export interface RefundDeps {
  db: Database;
  processorFor: (name: string) => PaymentProcessor | null;
  /** The operator's money-back window in days (content/claims.ts); null: off. */
  windowDays: number | null;
  now?: Date;
}

/** A purchase as the account page shows it, with whether it can be refunded now. */
export interface RefundStatus {
  purchase: {
    orderId: string;
    planId: string;
    provider: string;
    amountMinor: number;
    currency: string;
    paidAt: Date | null;
  } | null;
  eligibility: RefundEligibility;
}

/** Orders that were paid at some point (a refunded one was paid before). */
const PAID = ["active", "refunded"];

async function candidateOf(db: Database, userId: number, orderId?: string) {
  const paid = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), inArray(orders.status, PAID)))
    .orderBy(asc(orders.createdAt), asc(orders.id));
  // The one asked about, else the newest: what the account page offers to refund.
  const order = orderId ? paid.find((row) => row.id === orderId) : paid.at(-1);
  if (!order) return null;
  const [subscription] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.orderId, order.id))
    .orderBy(desc(subscriptions.id));
  const index = paid.indexOf(order);
  return {
    order,
    subscription,
    candidate: {
      orderStatus: order.status,
      paidAt: subscription?.startedAt ?? null,
      earlierPaidOrders: index,
      otherRefunds: paid.filter((row) => row !== order && row.status === "refunded").length,
      bySupport: PREPAID_PROCESSORS.has(order.processor),
    },
  };
}

/** The account's latest paid purchase and whether its owner may refund it themselves. */
export async function refundStatus(deps: RefundDeps, userId: number): Promise<RefundStatus> {
  const found = await candidateOf(deps.db, userId);
  const eligibility = refundEligibility(deps.windowDays, found?.candidate ?? null, deps.now ?? new Date());
  if (!found) return { purchase: null, eligibility };
  const { order, candidate } = found;
  return {
    purchase: {
      orderId: order.id,
      planId: order.planId,
      provider: order.provider,
      amountMinor: order.amount,
      currency: order.currency,
      paidAt: candidate.paidAt,
    },
    eligibility,
  };
}

export type RefundResult =
  /** Refunded at the processor and here: access ended, the confirmation queued. */
  | { ok: true; outcome: "refunded" }
  /** The processor took the request and reviews it; access ends when it approves (its webhook). */
  | { ok: true; outcome: "pending" }
  | { ok: false; reason: "not_found" | "processor_unavailable" | "processor_refused"; error?: unknown }
  | { ok: false; reason: "not_eligible"; eligibility: Extract<RefundEligibility, { eligible: false }> };

/**
 * Refunds a first purchase in full, within the window. The processor is asked first: only when it
 * reports the money refunded does anything change here, through the same event path as its own
 * refund webhook (so the webhook that follows changes nothing and mails nothing twice). When it
 * refuses or cannot be reached, nothing changes here.
 */
export async function refundPurchase(
  deps: RefundDeps,
  input: { userId: number; orderId: string; byStaff?: boolean },
): Promise<RefundResult> {
  const now = deps.now ?? new Date();
  const found = await candidateOf(deps.db, input.userId, input.orderId);
  if (!found?.subscription) return { ok: false, reason: "not_found" };
  // Staff refund from the operator console (decision 051) past the customer's own limits.
  const eligibility = input.byStaff
    ? staffRefundEligibility(found.candidate, now)
    : refundEligibility(deps.windowDays, found.candidate, now);
  if (!eligibility.eligible) return { ok: false, reason: "not_eligible", eligibility };
  const { order, subscription } = found;
  const processor = await processorOfSubscription(deps, subscription);
  if (!processor) return { ok: false, reason: "processor_unavailable" };
  let outcome: "refunded" | "pending";
  try {
    outcome = await processor.refundPurchase({
      orderId: order.id,
      reference: order.providerReference,
      subscriptionRef: subscription.providerSubscriptionId,
    });
  } catch (error) {
    return { ok: false, reason: "processor_refused", error };
  }
  if (outcome === "refunded") {
    await ingestProviderEvent(deps.db, subscription.processor, {
      eventId: `refund_${order.id}`,
      orderId: order.id,
      subscriptionRef: subscription.providerSubscriptionId,
      environment: processor.environment,
      event: { type: "refunded", at: now },
    });
  }
  return { ok: true, outcome };
}
