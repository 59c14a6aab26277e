import type { Database } from "../../db/client";
import type { subscriptions } from "../../db/schema";
import { ingestProviderEvent, subscriptionsOfUser } from "./orders";
import type { PaymentProcessor } from "./providers/payment-provider";
import { processorOfSubscription } from "./renewal-processor";

type SubscriptionRow = typeof subscriptions.$inferSelect;

export type CancelRenewalResult =
  | { ok: true; subscription: SubscriptionRow }
  | {
      ok: false;
      reason: "not_found" | "processor_unavailable" | "processor_refused";
      error?: unknown;
    };

/**
 * Turns a user's automatic renewal off. The processor is asked first, because it is what would
 * charge again: only when it reports renewal off is the cancellation recorded, through the same
 * event path as its own events (its later webhook then confirms it). When the processor refuses
 * or cannot be reached, nothing changes here and the customer is told.
 */
export async function cancelRenewal(
  deps: { db: Database; processorFor: (name: string) => PaymentProcessor | null; now?: Date },
  input: { userId: number; subscriptionId: number },
): Promise<CancelRenewalResult> {
  const now = deps.now ?? new Date();
  const find = async () =>
    (await subscriptionsOfUser(deps.db, input.userId)).find((row) => row.id === input.subscriptionId);
  const subscription = await find();
  if (!subscription?.orderId) return { ok: false, reason: "not_found" };
  const processor = await processorOfSubscription(deps.db, subscription, deps.processorFor);
  if (!processor) return { ok: false, reason: "processor_unavailable" };
  try {
    const reported = await processor.cancelSubscription(subscription.providerSubscriptionId);
    if (!reported.renewalOff) return { ok: false, reason: "processor_refused" };
  } catch (error) {
    return { ok: false, reason: "processor_refused", error };
  }
  await ingestProviderEvent(deps.db, subscription.processor, {
    eventId: `cancel_${subscription.id}_${now.getTime()}`,
    orderId: subscription.orderId,
    subscriptionRef: subscription.providerSubscriptionId,
    environment: processor.environment,
    event: { type: "canceled", at: now },
  });
  return { ok: true, subscription: (await find()) ?? subscription };
}
