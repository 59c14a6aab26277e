import { desc, eq, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { orders, users } from "../../db/schema";
import type { FoundOrder } from "../../universal/staff/console-records";

export type { FoundOrder };

/**
 * The console's order search (decision 051): an e-mail address finds its account's orders; anything
 * else is an order id or a processor's reference, matched exactly. Newest first, at most 50.
 */
export async function searchOrders(db: Database, query: string): Promise<FoundOrder[]> {
  const q = query.trim();
  const where = q.includes("@")
    ? sql`lower(${users.email}) = ${q.toLowerCase()}`
    : or(eq(orders.id, q), eq(orders.providerReference, q));
  return findOrders(db, where);
}

/** One account's orders, newest first, at most 50: the payments of the console's customer view (decision 058). */
export function ordersOfAccount(db: Database, userId: number): Promise<FoundOrder[]> {
  return findOrders(db, eq(orders.userId, userId));
}

async function findOrders(db: Database, where: SQL | undefined): Promise<FoundOrder[]> {
  const rows = await db
    .select({
      id: orders.id,
      userId: orders.userId,
      email: users.email,
      planId: orders.planId,
      provider: orders.provider,
      status: orders.status,
      amount: orders.amount,
      currency: orders.currency,
      reference: orders.providerReference,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(where)
    .orderBy(desc(orders.createdAt))
    .limit(50);
  return rows.map((row) => ({
    order_id: row.id,
    user_id: row.userId,
    email: row.email,
    plan_id: row.planId,
    provider: row.provider,
    status: row.status,
    amount: row.amount,
    currency: row.currency,
    reference: row.reference,
    created_at: row.createdAt.toISOString(),
  }));
}
