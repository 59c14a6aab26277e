import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { mailOutbox, type orders, plans, users } from "../../db/schema";
import { refundMail } from "../email/refund-mail";
import { siteOriginOf } from "./receipt";
import { orderLocale } from "./return-urls";

type Order = typeof orders.$inferSelect;

/**
 * Queues the refund confirmation of an order that has just turned refunded, in the customer's
 * language (the one they bought in, as their receipt). Called inside the transaction that
 * marks the order refunded, so a refund reported twice (our call and the processor's webhook)
 * sends one mail.
 */
export async function queueRefundNotice(
  tx: Pick<Database, "select" | "insert">,
  order: Order,
  refund: { at: Date; devicesUnbound: number },
): Promise<boolean> {
  if (order.userId === null) return false;
  const [account] = await tx.select().from(users).where(eq(users.id, order.userId));
  const [plan] = await tx.select().from(plans).where(eq(plans.id, order.planId));
  // An account-number account has no address (decision 042): its payments list shows the refund.
  if (!account?.email || !plan) return false;
  const mail = refundMail({
    locale: orderLocale(order.clientInfo, account.locale),
    orderId: order.id,
    months: plan.months,
    amountMinor: order.amount,
    currency: order.currency,
    refundedAt: refund.at,
    devicesUnbound: refund.devicesUnbound,
    siteOrigin: siteOriginOf(order.clientInfo),
  });
  await tx.insert(mailOutbox).values({ to: account.email, ...mail });
  return true;
}
