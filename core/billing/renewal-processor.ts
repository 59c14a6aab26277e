import type { Database } from "../../db/client";
import type { subscriptions } from "../../db/schema";
import { findOrder } from "./orders";
import type { PaymentProcessor } from "./providers/payment-provider";

type SubscriptionRow = typeof subscriptions.$inferSelect;

/**
 * The processor that holds a subscription, when this process can reach it: the one of the
 * subscription's name in the current payment mode, and only for an order taken in that same
 * environment (a live subscription is never changed through test keys, nor the reverse).
 */
export async function processorOfSubscription(
  db: Database,
  subscription: SubscriptionRow,
  processorFor: (name: string) => PaymentProcessor | null,
): Promise<PaymentProcessor | null> {
  const processor = processorFor(subscription.processor);
  if (!processor || !subscription.orderId) return null;
  const order = await findOrder(db, subscription.orderId);
  return order?.environment === processor.environment ? processor : null;
}
