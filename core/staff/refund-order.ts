import { eq } from "drizzle-orm";
import { orders } from "../../db/schema";
import { type RefundDeps, type RefundResult, refundPurchase } from "../billing/refund-purchase";
import { type Actor, recordAudit } from "./staff";

/**
 * A refund from the operator console (decision 051): the customer's own refund function
 * (`refundPurchase`: the processor first, then the refunded event through the webhook's path, the
 * mail, the devices over the limit), without the customer's window and first-purchase limits. The
 * audit row follows the refund it records (the refund's own transaction is the event's).
 */
export async function staffRefund(deps: RefundDeps, orderId: string, actor: Actor): Promise<RefundResult> {
  const [order] = await deps.db
    .select({ userId: orders.userId, status: orders.status })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order?.userId) return { ok: false, reason: "not_found" };
  const result = await refundPurchase(deps, { userId: order.userId, orderId, byStaff: true });
  if (result.ok) {
    await recordAudit(deps.db, {
      actor,
      action: "order.refund",
      target: `order:${orderId}`,
      before: { status: order.status },
      after: { outcome: result.outcome },
    });
  }
  return result;
}
