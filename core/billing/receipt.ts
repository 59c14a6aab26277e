import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { mailOutbox, type orders, plans, users } from "../../db/schema";
import { receiptMail } from "../email/receipt-mail";
import { orderLocale } from "./return-urls";

type Order = typeof orders.$inferSelect;

/** Where the buyer bought (stored with the order's client info by the purchase handler). */
export function siteOriginOf(clientInfo: string): string | undefined {
  try {
    const origin = (JSON.parse(clientInfo) as { site_origin?: unknown }).site_origin;
    return typeof origin === "string" && /^https?:\/\/[^/\s]+$/.test(origin) ? origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Queues the receipt of an order that has just become paid, in the buyer's language. Called
 * inside the transaction that marks the order paid, so a webhook delivered twice, or a webhook
 * racing the buyer's return, queues one receipt.
 */
export async function queueReceipt(
  tx: Pick<Database, "select" | "insert">,
  order: Order,
  paid: { at: Date; renewsAt: Date | null; autoRenew: boolean },
): Promise<boolean> {
  if (order.userId === null) return false;
  const [account] = await tx.select().from(users).where(eq(users.id, order.userId));
  const [plan] = await tx.select().from(plans).where(eq(plans.id, order.planId));
  // An account-number account has no address (decision 042): its receipts are on the account page.
  if (!account?.email || !plan) return false;
  const mail = receiptMail({
    locale: orderLocale(order.clientInfo, account.locale),
    orderId: order.id,
    months: plan.months,
    amountMinor: order.amount,
    currency: order.currency,
    paidAt: paid.at,
    renewsAt: paid.renewsAt,
    autoRenew: paid.autoRenew,
    passwordSet: account.passwordHash !== null,
    siteOrigin: siteOriginOf(order.clientInfo),
  });
  await tx.insert(mailOutbox).values({ to: account.email, ...mail });
  return true;
}
