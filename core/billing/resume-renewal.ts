import type { Database } from "../../db/client";
import type { subscriptions } from "../../db/schema";
import { ingestProviderEvent, subscriptionsOfUser } from "./orders";
import type { PaymentProcessor } from "./providers/payment-provider";
import { processorOfSubscription } from "./renewal-processor";

type SubscriptionRow = typeof subscriptions.$inferSelect;

export type ResumeRenewalResult =
  | { ok: true; subscription: SubscriptionRow }
  | {
      ok: false;
      reason: "not_found" | "not_resumable" | "processor_unavailable" | "processor_refused";
      error?: unknown;
    };

/**
 * Renewal can be turned back on while it is off and the paid period still runs: after the end
 * there is nothing left to renew, and the customer buys again instead.
 */
export function canResumeRenewal(
  subscription: Pick<SubscriptionRow, "status" | "autoRenew" | "currentPeriodEnd">,
  now: Date,
): boolean {
  return (
    !subscription.autoRenew &&
    ["active", "past_due", "canceled"].includes(subscription.status) &&
    subscription.currentPeriodEnd !== null &&
    subscription.currentPeriodEnd > now
  );
}

/**
 * Turns a user's automatic renewal back on: first at the processor (so it charges again at the
 * period end), then in our state through the same event path as the processor's own events, so
 * a late webhook combines with it in the state machine.
 */
export async function resumeRenewal(
  deps: { db: Database; processorFor: (name: string) => PaymentProcessor | null; now?: Date },
  input: { userId: number; subscriptionId: number },
): Promise<ResumeRenewalResult> {
  const now = deps.now ?? new Date();
  const find = async () =>
    (await subscriptionsOfUser(deps.db, input.userId)).find((row) => row.id === input.subscriptionId);
  const subscription = await find();
  if (!subscription?.orderId) return { ok: false, reason: "not_found" };
  if (!canResumeRenewal(subscription, now)) return { ok: false, reason: "not_resumable" };
  const processor = await processorOfSubscription(deps.db, subscription, deps.processorFor);
  if (!processor) return { ok: false, reason: "processor_unavailable" };
  try {
    await processor.resumeSubscription(subscription.providerSubscriptionId);
  } catch (error) {
    return { ok: false, reason: "processor_refused", error };
  }
  await ingestProviderEvent(deps.db, subscription.processor, {
    eventId: `resume_${subscription.id}_${now.getTime()}`,
    orderId: subscription.orderId,
    subscriptionRef: subscription.providerSubscriptionId,
    environment: processor.environment,
    event: { type: "resumed", at: now },
  });
  return { ok: true, subscription: (await find()) ?? subscription };
}
