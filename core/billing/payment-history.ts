import { and, desc, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client";
import { orders, plans, subscriptions, users } from "../../db/schema";
import type { PaymentRecord, ReceiptIssuer, ReceiptView } from "../../universal/billing/payment-record";
import { billingProfileOf } from "./billing-profile";
import { LISTED_ORDER_STATUSES, paymentStatusOf } from "./payment-status";

const paymentColumns = {
  id: orders.id,
  status: orders.status,
  planId: orders.planId,
  amount: orders.amount,
  currency: orders.currency,
  provider: orders.provider,
  processor: orders.processor,
  createdAt: orders.createdAt,
  updatedAt: orders.updatedAt,
  planMonths: plans.months,
  startedAt: subscriptions.startedAt,
};

type PaymentRow = {
  id: string;
  status: string;
  planId: string;
  amount: number;
  currency: string;
  provider: string;
  processor: string;
  createdAt: Date;
  updatedAt: Date;
  planMonths: number | null;
  startedAt: Date | null;
};

/** A stored order as the history shows it; null for orders that were never payments. */
export function paymentRecordOf(row: PaymentRow): PaymentRecord | null {
  const status = paymentStatusOf(row.status);
  if (!status) return null;
  return {
    order_id: row.id,
    paid_at: (row.startedAt ?? row.createdAt).toISOString(),
    plan_id: row.planId,
    plan_months: row.planMonths,
    amount_minor: row.amount,
    currency: row.currency.trim(),
    provider: row.provider,
    processor: row.processor,
    status,
    // Refunds are whole (the refund event ends the order): its time is the order's last change.
    refund: status === "refunded" ? { amount_minor: row.amount, at: row.updatedAt.toISOString() } : null,
    has_receipt: status !== "declined",
  };
}

function paymentQuery(db: Database) {
  return db
    .select(paymentColumns)
    .from(orders)
    .leftJoin(plans, eq(plans.id, orders.planId))
    .leftJoin(subscriptions, eq(subscriptions.orderId, orders.id));
}

/** Every payment of an account, newest first: paid, refunded and declined. */
export async function listPayments(db: Database, userId: number): Promise<PaymentRecord[]> {
  const rows = await paymentQuery(db)
    .where(and(eq(orders.userId, userId), inArray(orders.status, [...LISTED_ORDER_STATUSES])))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  return rows.flatMap((row) => paymentRecordOf(row) ?? []);
}

/**
 * The receipt of one payment of this account: the payment, the operator who sold it and the
 * buyer's current billing details. Null for someone else's order and for one that has no receipt.
 */
export async function receiptOf(
  db: Database,
  issuer: ReceiptIssuer,
  input: { userId: number; orderId: string },
): Promise<ReceiptView | null> {
  const [row] = await paymentQuery(db).where(and(eq(orders.id, input.orderId), eq(orders.userId, input.userId)));
  const payment = row ? paymentRecordOf(row) : null;
  if (!payment?.has_receipt) return null;
  const [account] = await db.select({ email: users.email }).from(users).where(eq(users.id, input.userId));
  if (!account) return null;
  const details = await billingProfileOf(db, input.userId);
  return { payment, issuer, buyer: { ...details, email: account.email ?? "" } };
}
