import type { Database } from "../../db/client";
import type { subscriptions } from "../../db/schema";
import { findOrder, ingestProviderEvent, subscriptionsOfUser } from "./orders";
import type { PaymentProcessor } from "./providers/payment-provider";

export type SubscriptionRow = typeof subscriptions.$inferSelect;

export type RenewalChangeResult =
  | { ok: true; subscription: SubscriptionRow }
  | {
      ok: false;
      reason: "not_found" | "not_allowed" | "processor_unavailable" | "processor_refused";
      error?: unknown;
    };

export interface RenewalChangeDeps {
  db: Database;
  processorFor: (name: string) => PaymentProcessor | null;
  now?: Date;
}

/**
 * The processor that holds a subscription, when this process can reach it: the one of the
 * subscription's name in the current payment mode, and only for an order taken in that same
 * environment (a live subscription is never changed through test keys, nor the reverse).
 */
export async function processorOfSubscription(
  deps: Pick<RenewalChangeDeps, "db" | "processorFor">,
  subscription: SubscriptionRow,
) {
  const processor = deps.processorFor(subscription.processor);
  if (!processor || !subscription.orderId) return null;
  const order = await findOrder(deps.db, subscription.orderId);
  return order?.environment === processor.environment ? processor : null;
}

/**
 * Turns a user's automatic renewal off or on. The processor is asked first, because it is what
 * charges (or not) at the period end: only when it reports the change done is it recorded here,
 * through the same event path as its own events, so its later webhook combines with it in the
 * state machine. When it refuses or cannot be reached, nothing changes here.
 */
export async function changeRenewal(
  deps: RenewalChangeDeps,
  input: { userId: number; subscriptionId: number },
  change: {
    event: "canceled" | "resumed";
    allowed?: (subscription: SubscriptionRow, now: Date) => boolean;
    /** Asks the processor; true when it reports the change made. */
    ask: (processor: PaymentProcessor, subscriptionRef: string) => Promise<boolean>;
  },
): Promise<RenewalChangeResult> {
  const now = deps.now ?? new Date();
  const find = async () =>
    (await subscriptionsOfUser(deps.db, input.userId)).find((row) => row.id === input.subscriptionId);
  const subscription = await find();
  if (!subscription?.orderId) return { ok: false, reason: "not_found" };
  if (change.allowed && !change.allowed(subscription, now)) return { ok: false, reason: "not_allowed" };
  const processor = await processorOfSubscription(deps, subscription);
  if (!processor) return { ok: false, reason: "processor_unavailable" };
  try {
    if (!(await change.ask(processor, subscription.providerSubscriptionId))) {
      return { ok: false, reason: "processor_refused" };
    }
  } catch (error) {
    return { ok: false, reason: "processor_refused", error };
  }
  await ingestProviderEvent(deps.db, subscription.processor, {
    eventId: `${change.event === "canceled" ? "cancel" : "resume"}_${subscription.id}_${now.getTime()}`,
    orderId: subscription.orderId,
    subscriptionRef: subscription.providerSubscriptionId,
    environment: processor.environment,
    event: { type: change.event, at: now },
  });
  return { ok: true, subscription: (await find()) ?? subscription };
}

/** Renewal off at the period end: the processor must report it off (a card keeps being charged otherwise). */
export function cancelRenewal(deps: RenewalChangeDeps, input: { userId: number; subscriptionId: number }) {
  return changeRenewal(deps, input, {
    event: "canceled",
    ask: async (processor, ref) => (await processor.cancelSubscription(ref)).renewalOff,
  });
}
