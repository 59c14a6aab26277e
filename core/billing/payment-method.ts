import type { Database } from "../../db/client";
import { heldByProcessor, subscriptionsOfUser } from "./orders";
import type { PaymentProcessor } from "./providers/payment-provider";
import { processorOfSubscription } from "./renewal-change";

export type PaymentMethodPage =
  | { ok: true; url: string }
  | { ok: false; reason: "not_found" | "processor_unavailable" | "processor_refused"; error?: unknown };

const UPDATABLE = new Set(["active", "past_due", "canceled"]);

/**
 * The processor's page where a customer updates the card of one of their subscriptions: the one
 * named (when it is theirs), else their subscription whose renewal failed, else their newest
 * running one. Asked fresh on each call: the failed-renewal mail's link stays good for ever.
 */
export async function paymentMethodPage(
  deps: { db: Database; processorFor: (name: string) => PaymentProcessor | null },
  request: { userId: number; subscriptionId: number | null; returnUrl: string },
): Promise<PaymentMethodPage> {
  // Time from a voucher or an invite has no card to update: only what a processor bills.
  const owned = (await subscriptionsOfUser(deps.db, request.userId)).filter(
    (row) => heldByProcessor(row) && UPDATABLE.has(row.status),
  );
  const subscription =
    request.subscriptionId === null
      ? (owned.find((row) => row.status === "past_due") ?? owned[0])
      : owned.find((row) => row.id === request.subscriptionId);
  if (!subscription) return { ok: false, reason: "not_found" };
  const processor = await processorOfSubscription(deps, subscription);
  if (!processor) return { ok: false, reason: "processor_unavailable" };
  try {
    const url = await processor.paymentMethodUrl({
      subscriptionRef: subscription.providerSubscriptionId,
      returnUrl: request.returnUrl,
    });
    return { ok: true, url };
  } catch (error) {
    return { ok: false, reason: "processor_refused", error };
  }
}
