import { and, count, desc, eq, getTableColumns, inArray, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { plans, subscriptions } from "../../db/schema";
import type { SubscriptionStatus } from "./subscription-state";

/** Which of an account's subscriptions to list (SPEC §7 subscription_my's query). */
export interface SubscriptionQuery {
  /** Only these states; every state when empty or absent. */
  statuses?: readonly SubscriptionStatus[];
  /** 1-based. */
  page?: number;
  pageSize?: number;
}

export const DEFAULT_SUBSCRIPTION_PAGE_SIZE = 20;

/**
 * The account's subscriptions, newest first, each with its plan's length in months (null when the
 * plan is gone), so pages name it ("1 year") instead of showing its id; one page of them and how
 * many match in all.
 */
export async function subscriptionsWithPlanLength(db: Database, userId: number, query: SubscriptionQuery = {}) {
  const pageSize = query.pageSize ?? DEFAULT_SUBSCRIPTION_PAGE_SIZE;
  const page = query.page ?? 1;
  const conditions: SQL[] = [eq(subscriptions.userId, userId)];
  if (query.statuses?.length) conditions.push(inArray(subscriptions.status, [...query.statuses]));
  const where = and(...conditions);
  const rows = await db
    .select({ ...getTableColumns(subscriptions), planMonths: plans.months })
    .from(subscriptions)
    .leftJoin(plans, eq(plans.id, subscriptions.planId))
    .where(where)
    .orderBy(desc(subscriptions.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [total] = await db.select({ value: count() }).from(subscriptions).where(where);
  return { rows, total: total?.value ?? 0 };
}
