import { and, eq, gte, inArray, lt, lte, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/client";
import { analyticsEvents, orders, users } from "../../db/schema";

/**
 * The operator's report: traffic, sign-ups, purchases and revenue per UTC day, and the same
 * totals per campaign source and per affiliate network, from the attribution each row carries
 * (events for visits, users for sign-ups, orders for purchases).
 */

export const MAX_REPORT_DAYS = 366;
/** Orders that were paid: active, or refunded after being active (canceled/failed never were). */
export const PURCHASE_STATUSES = ["active", "refunded"];
/** The event a page sends on every view. */
export const PAGE_VIEW_EVENT = "page_show";

const DAY_MS = 24 * 60 * 60 * 1000;

const isCalendarDay = (value: string) => {
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
};
const daySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "date.format")
  .refine(isCalendarDay, "date.invalid");

/** `from` and `to` (YYYY-MM-DD, UTC, both included), at most MAX_REPORT_DAYS days. */
export const reportRangeSchema = z.object({ from: daySchema, to: daySchema }).superRefine(({ from, to }, context) => {
  if (to < from) context.addIssue({ code: "custom", path: ["to"], message: "range.reversed" });
  else if (reportDays(from, to).length > MAX_REPORT_DAYS) {
    context.addIssue({ code: "custom", path: ["to"], message: "range.too_long" });
  }
});
export type ReportRange = z.infer<typeof reportRangeSchema>;

/** Every day from `from` to `to`, both included. */
export function reportDays(from: string, to: string): string[] {
  const days: string[] = [];
  const end = Date.parse(`${to}T00:00:00Z`);
  for (let time = Date.parse(`${from}T00:00:00Z`); time <= end; time += DAY_MS) {
    days.push(new Date(time).toISOString().slice(0, 10));
  }
  return days;
}

/** Purchases per visitor; null without visitors (a rate over nothing is not zero). */
export function conversionRate(purchases: number, visitors: number): number | null {
  return visitors > 0 ? purchases / visitors : null;
}

/** Minor units per currency (cents, pence). */
export type Revenue = Record<string, number>;

export interface Figures {
  page_views: number;
  visitors: number;
  sign_ups: number;
  purchases: number;
  revenue: Revenue;
}
export type DailyFigures = Figures & { day: string };
export type GroupFigures = Figures & { conversion: number | null };

export interface OperatorReport {
  from: string;
  to: string;
  days: DailyFigures[];
  /** Visitors here are distinct over the whole range, not the sum of the days. */
  totals: GroupFigures;
  by_source: Array<GroupFigures & { utm_source: string | null }>;
  by_affiliate: Array<GroupFigures & { affiliate_network: string | null }>;
  /** Every paid order an affiliate sent, with its click id: what the networks are paid from. */
  affiliate_orders: AffiliateOrder[];
}

export interface AffiliateOrder {
  order_id: string;
  created_at: string;
  affiliate_network: string;
  affiliate_click_id: string | null;
  plan_id: string;
  status: string;
  amount: number;
  currency: string;
}

async function affiliateOrders(db: Database, range: ReportRange): Promise<AffiliateOrder[]> {
  const start = new Date(`${range.from}T00:00:00Z`);
  const end = new Date(Date.parse(`${range.to}T00:00:00Z`) + DAY_MS);
  const rows = await db
    .select({
      id: orders.id,
      createdAt: orders.createdAt,
      network: sql<string>`${orders.attribution} ->> 'affiliate_network'`,
      clickId: sql<string | null>`${orders.attribution} ->> 'affiliate_click_id'`,
      planId: orders.planId,
      status: orders.status,
      amount: orders.amount,
      currency: orders.currency,
    })
    .from(orders)
    .where(
      and(
        inArray(orders.status, PURCHASE_STATUSES),
        gte(orders.createdAt, start),
        lt(orders.createdAt, end),
        sql`${orders.attribution} ->> 'affiliate_network' is not null`,
      ),
    )
    .orderBy(orders.createdAt);
  return rows.map((row) => ({
    order_id: row.id,
    created_at: row.createdAt.toISOString(),
    affiliate_network: row.network,
    affiliate_click_id: row.clickId,
    plan_id: row.planId,
    status: row.status,
    amount: row.amount,
    currency: row.currency,
  }));
}

type Grouping = "day" | "utm_source" | "affiliate_network" | "total";

const emptyFigures = (): Figures => ({ page_views: 0, visitors: 0, sign_ups: 0, purchases: 0, revenue: {} });

/** The group key of each table's rows; null for the grand total (no GROUP BY). */
function groupKeys(grouping: Grouping) {
  if (grouping === "total") return null;
  if (grouping === "day") {
    return {
      events: sql<string | null>`to_char(${analyticsEvents.day}, 'YYYY-MM-DD')`,
      users: sql<string | null>`to_char(${users.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`,
      orders: sql<string | null>`to_char(${orders.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`,
    };
  }
  // A fixed attribution field name (never input), as a literal so SELECT and GROUP BY match.
  const field = sql.raw(`'${grouping}'`);
  return {
    events: sql<string | null>`${analyticsEvents.attribution} ->> ${field}`,
    users: sql<string | null>`${users.attribution} ->> ${field}`,
    orders: sql<string | null>`${orders.attribution} ->> ${field}`,
  };
}

/** Figures per group key (the key "" holds the grand total). */
async function collect(db: Database, range: ReportRange, grouping: Grouping): Promise<Map<string | null, Figures>> {
  const keys = groupKeys(grouping);
  const groupBy = (key: SQL | undefined) => (key ? [key] : []);
  const start = new Date(`${range.from}T00:00:00Z`);
  const end = new Date(Date.parse(`${range.to}T00:00:00Z`) + DAY_MS);

  const [visits, signUps, purchases] = await Promise.all([
    db
      .select({
        key: keys?.events ?? sql<string>`''`,
        pageViews: sql<number>`count(*)`.mapWith(Number),
        visitors: sql<number>`count(distinct ${analyticsEvents.frontId})`.mapWith(Number),
      })
      .from(analyticsEvents)
      .where(
        and(
          eq(analyticsEvents.eventName, PAGE_VIEW_EVENT),
          gte(analyticsEvents.day, range.from),
          lte(analyticsEvents.day, range.to),
        ),
      )
      .groupBy(...groupBy(keys?.events)),
    db
      .select({ key: keys?.users ?? sql<string>`''`, signUps: sql<number>`count(*)`.mapWith(Number) })
      .from(users)
      .where(and(gte(users.createdAt, start), lt(users.createdAt, end)))
      .groupBy(...groupBy(keys?.users)),
    db
      .select({
        key: keys?.orders ?? sql<string>`''`,
        currency: orders.currency,
        purchases: sql<number>`count(*)`.mapWith(Number),
        amount: sql<number>`sum(${orders.amount})`.mapWith(Number),
      })
      .from(orders)
      .where(and(inArray(orders.status, PURCHASE_STATUSES), gte(orders.createdAt, start), lt(orders.createdAt, end)))
      .groupBy(...groupBy(keys?.orders), orders.currency),
  ]);

  const figures = new Map<string | null, Figures>();
  const of = (key: string | null) => {
    let found = figures.get(key);
    if (!found) {
      found = emptyFigures();
      figures.set(key, found);
    }
    return found;
  };
  for (const row of visits) {
    // Without GROUP BY an empty table still answers one row of zeros.
    if (row.pageViews === 0) continue;
    Object.assign(of(row.key), { page_views: row.pageViews, visitors: row.visitors });
  }
  for (const row of signUps) if (row.signUps > 0) of(row.key).sign_ups = row.signUps;
  for (const row of purchases) {
    const group = of(row.key);
    group.purchases += row.purchases;
    group.revenue[row.currency] = (group.revenue[row.currency] ?? 0) + row.amount;
  }
  return figures;
}

const withConversion = (figures: Figures): GroupFigures => ({
  ...figures,
  conversion: conversionRate(figures.purchases, figures.visitors),
});

/** Busiest groups first; the unattributed group (null) last. */
function byImportance(a: [string | null, Figures], b: [string | null, Figures]): number {
  if ((a[0] === null) !== (b[0] === null)) return a[0] === null ? 1 : -1;
  return b[1].visitors - a[1].visitors || b[1].purchases - a[1].purchases || String(a[0]).localeCompare(String(b[0]));
}

/** The report's figures per day, in total and per attribution group (the console's dashboard shows them too). */
export async function reportFigures(
  db: Database,
  range: ReportRange,
): Promise<Omit<OperatorReport, "affiliate_orders">> {
  const [daily, total, bySource, byAffiliate] = await Promise.all([
    collect(db, range, "day"),
    collect(db, range, "total"),
    collect(db, range, "utm_source"),
    collect(db, range, "affiliate_network"),
  ]);
  return {
    from: range.from,
    to: range.to,
    days: reportDays(range.from, range.to).map((day) => ({ day, ...(daily.get(day) ?? emptyFigures()) })),
    totals: withConversion(total.get("") ?? emptyFigures()),
    by_source: [...bySource.entries()]
      .sort(byImportance)
      .map(([utm_source, figures]) => ({ utm_source, ...withConversion(figures) })),
    by_affiliate: [...byAffiliate.entries()]
      .sort(byImportance)
      .map(([affiliate_network, figures]) => ({ affiliate_network, ...withConversion(figures) })),
  };
}

/** The whole report for a range already checked by reportRangeSchema. */
export async function operatorReport(db: Database, range: ReportRange): Promise<OperatorReport> {
  const [figures, paidToAffiliates] = await Promise.all([reportFigures(db, range), affiliateOrders(db, range)]);
  return { ...figures, affiliate_orders: paidToAffiliates };
}
