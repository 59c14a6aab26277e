import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { analyticsEvents } from "../../db/schema";
import { utcDay } from "./events";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The first day kept: events of earlier days are deleted (today counts as day 0). */
export function retentionCutoffDay(now: Date, retentionDays: number): string {
  return utcDay(new Date(now.getTime() - retentionDays * DAY_MS));
}

/**
 * Deletes events older than the retention period, whole days at a time (the day index makes
 * this cheap). Every process may run it: deleting twice deletes nothing the second time.
 */
export async function deleteExpiredEvents(db: Database, retentionDays: number, now = new Date()): Promise<number> {
  // Counted in SQL: returning every deleted id could be millions of rows.
  const result = (await db.execute(sql`
    with deleted as (
      delete from ${analyticsEvents} where ${analyticsEvents.day} < ${retentionCutoffDay(now, retentionDays)}::date
      returning 1
    )
    select count(*)::int as count from deleted
  `)) as unknown as { rows: Array<{ count: number | string }> };
  return Number(result.rows[0]?.count ?? 0);
}
