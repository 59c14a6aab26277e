import { desc, eq, getTableColumns } from "drizzle-orm";
import type { Database } from "../../db/client";
import { plans, subscriptions } from "../../db/schema";

/**
 * The account's subscriptions, newest first, each with its plan's length in months (null when the
 * plan is gone), so pages name it ("1 year") instead of showing its id.
 */
export async function subscriptionsWithPlanLength(db: Database, userId: number) {
  return db
    .select({ ...getTableColumns(subscriptions), planMonths: plans.months })
    .from(subscriptions)
    .leftJoin(plans, eq(plans.id, subscriptions.planId))
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.id));
}
