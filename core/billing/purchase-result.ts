import { desc, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { plans, subscriptions } from "../../db/schema";
import type { PurchaseResult } from "../../universal/billing/purchase-result";
import { findOrder, ingestProviderEvent } from "./orders";
import type { ProcessorSet } from "./providers/processors";
import { purchaseAnswer } from "./purchase-answer";

/** Where the reading back of an order reports what went wrong (the process's logger). */
export interface WarningLog {
  warn(details: Record<string, unknown>, message: string): void;
}

export interface PurchaseResultDeps {
  db: Database;
  payments: Pick<ProcessorSet, "byName">;
  logger: WarningLog;
  /** Wakes the mail sender when applying an event queued a receipt. */
  onMailQueued?: () => void;
}

/**
 * Where a buyer's order stands; null when there is no such order for this buyer through this
 * provider code (an order is read through the code that took it, by its own buyer only). The
 * buyer may be back before the webhook: a pending order is read back from its own processor (by
 * the order's reference, nothing scanned) and what it says is applied through the webhook path.
 */
export async function readPurchaseResult(
  deps: PurchaseResultDeps,
  input: { orderId: string; userId: number; providerCode: string },
): Promise<PurchaseResult | null> {
  const { db } = deps;
  let order = await findOrder(db, input.orderId);
  if (!order || order.userId !== input.userId || order.provider !== input.providerCode) return null;
  const processor = deps.payments.byName(order.processor);
  if (order.status === "pending" && processor?.environment === order.environment) {
    try {
      for (const event of await processor.lookupEvents({ id: order.id, reference: order.providerReference })) {
        const applied = await ingestProviderEvent(db, order.processor, event);
        if (applied.receiptQueued) deps.onMailQueued?.();
        if (applied.rejected) deps.logger.warn({ orderId: order.id, reason: applied.rejected }, "event rejected");
      }
    } catch (error) {
      // The webhook will still come; the page keeps polling.
      deps.logger.warn({ err: error, orderId: order.id }, "payment provider could not be read back");
    }
    order = (await findOrder(db, input.orderId)) ?? order;
  }
  const [plan] = await db.select({ months: plans.months }).from(plans).where(eq(plans.id, order.planId));
  const [subscription] = await db
    .select({ currentPeriodEnd: subscriptions.currentPeriodEnd, autoRenew: subscriptions.autoRenew })
    .from(subscriptions)
    .where(eq(subscriptions.orderId, order.id))
    .orderBy(desc(subscriptions.id))
    .limit(1);
  return {
    order_id: order.id,
    // SPEC §4's rule for s1, each other provider its own mapping (purchase-answer.ts).
    ...purchaseAnswer(order.provider, { status: order.status, webUrl: order.checkoutUrl ?? "" }),
    plan_id: order.planId,
    months: plan?.months ?? null,
    currency: order.currency,
    amount_minor: order.amount,
    renews_at: subscription?.currentPeriodEnd?.toISOString() ?? null,
    auto_renew: subscription?.autoRenew ?? null,
  };
}
