import { and, eq, gte, inArray, lt, lte, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { orders, subscriptions } from "../../db/schema";
import type { Dashboard, DashboardDay, DashboardGroup, MoneyByCurrency } from "../../universal/staff/console-records";
import { type DashboardSeries, type DayRange, rangeDays } from "../../universal/staff/dashboard-range";
import { csvDocument } from "../../universal/text/csv";
import { type GroupFigures, reportFigures } from "../analytics/report";

/**
 * The console's dashboard (decision 055): per UTC day, sign-ups, paid purchases and their revenue
 * per currency, refunds, paid subscriptions active at the day's end and those that ended without
 * renewing; and per campaign source and affiliate network, the conversion. Sign-ups, purchases and
 * attribution come from the operator's report (core/analytics/report.ts), the rest is counted here
 * with GROUP BY on the UTC day. Days without data are zeros; money is never summed across currencies.
 */

const DAY_MS = 86_400_000;
/** Statuses of a subscription that will not renew whatever its renewal flag says. */
const ENDED_STATUSES = ["canceled", "expired"];

const startOf = (day: string) => new Date(`${day}T00:00:00Z`);

/** The same days in order, each with its row or, without one, `empty()`: the charts' zero-filled axis. */
export function zeroFill<T extends object>(
  days: readonly string[],
  rows: ReadonlyMap<string, T>,
  empty: () => T,
): Array<{ day: string } & T> {
  return days.map((day) => ({ day, ...(rows.get(day) ?? empty()) }));
}

/** Adds an amount to one currency of a tally (a new currency starts at zero). */
function addMoney(tally: MoneyByCurrency, currency: string, amount: number) {
  tally[currency] = (tally[currency] ?? 0) + amount;
}

/** The tallies' currencies, sorted: one chart series (and CSV column) each. */
export function currenciesOf(tallies: readonly MoneyByCurrency[]): string[] {
  return [...new Set(tallies.flatMap((tally) => Object.keys(tally)))].sort();
}

/** Orders refunded per day and currency, dated by the refund (the order's last change). */
async function refundsPerDay(db: Database, range: DayRange) {
  const day = sql<string>`to_char(${orders.updatedAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .select({
      day,
      currency: orders.currency,
      count: sql<number>`count(*)`.mapWith(Number),
      amount: sql<number>`sum(${orders.amount})`.mapWith(Number),
    })
    .from(orders)
    .where(
      and(
        eq(orders.status, "refunded"),
        gte(orders.updatedAt, startOf(range.from)),
        lt(orders.updatedAt, new Date(startOf(range.to).getTime() + DAY_MS)),
      ),
    )
    .groupBy(day, orders.currency);
  const perDay = new Map<string, { refunds: number; refunded: MoneyByCurrency }>();
  for (const row of rows) {
    const found = perDay.get(row.day) ?? { refunds: 0, refunded: {} };
    found.refunds += row.count;
    addMoney(found.refunded, row.currency, row.amount);
    perDay.set(row.day, found);
  }
  return perDay;
}

/**
 * Paid subscriptions (those bought through a processor: voucher and invite time is no
 * subscription) in their paid period at each instant `from + k days`, k = 0…days, capped at `now`:
 * started before it, paid until after it.
 */
async function activeAtBoundaries(db: Database, range: DayRange, days: number, now: Date): Promise<number[]> {
  const start = startOf(range.from).toISOString();
  const at = sql`least(${start}::timestamptz + k * interval '24 hours', ${now.toISOString()}::timestamptz)`;
  const result = (await db.execute(sql`
    select k, count(s.id)::int as active
    from generate_series(0, ${days}::int) as k
    left join subscriptions s
      on s.order_id is not null and s.started_at < ${at} and s.current_period_end > ${at}
    group by k order by k`)) as unknown as { rows: Array<{ k: number; active: number }> };
  const counts = Array.from({ length: days + 1 }, () => 0);
  for (const row of result.rows) counts[Number(row.k)] = Number(row.active);
  return counts;
}

/** Paid subscriptions whose period ended (before `now`) on each day without renewing: churn. */
async function endedPerDay(db: Database, range: DayRange, now: Date) {
  const day = sql<string>`to_char(${subscriptions.currentPeriodEnd} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day, count: sql<number>`count(*)`.mapWith(Number) })
    .from(subscriptions)
    .where(
      and(
        sql`${subscriptions.orderId} is not null`,
        gte(subscriptions.currentPeriodEnd, startOf(range.from)),
        lt(subscriptions.currentPeriodEnd, new Date(startOf(range.to).getTime() + DAY_MS)),
        lte(subscriptions.currentPeriodEnd, now),
        or(eq(subscriptions.autoRenew, false), inArray(subscriptions.status, ENDED_STATUSES)),
      ),
    )
    .groupBy(day);
  return new Map(rows.map((row) => [row.day, row.count]));
}

const emptyDay = (): Omit<DashboardDay, "day"> => ({
  sign_ups: 0,
  purchases: 0,
  revenue: {},
  refunds: 0,
  refunded: {},
  active_subscriptions: 0,
  ended_subscriptions: 0,
});

const group = (key: string | null, figures: GroupFigures): DashboardGroup => ({
  key,
  visitors: figures.visitors,
  sign_ups: figures.sign_ups,
  purchases: figures.purchases,
  revenue: figures.revenue,
  conversion: figures.conversion,
});

/** The dashboard for a range already checked (universal/staff/dashboard-range.ts), as of `now`. */
export async function dashboard(db: Database, range: DayRange, now: Date): Promise<Dashboard> {
  const days = rangeDays(range);
  const [report, refunds, active, ended] = await Promise.all([
    reportFigures(db, range),
    refundsPerDay(db, range),
    activeAtBoundaries(db, range, days.length, now),
    endedPerDay(db, range, now),
  ]);
  // Each source's rows by day; a day none of them has is zeros (and so is a day not begun yet).
  const rows = new Map<string, Omit<DashboardDay, "day">>();
  const rowOf = (day: string) => {
    let row = rows.get(day);
    if (!row) {
      row = emptyDay();
      rows.set(day, row);
    }
    return row;
  };
  for (const figures of report.days) {
    if (figures.sign_ups === 0 && figures.purchases === 0) continue;
    Object.assign(rowOf(figures.day), {
      sign_ups: figures.sign_ups,
      purchases: figures.purchases,
      revenue: figures.revenue,
    });
  }
  for (const [day, refunded] of refunds) Object.assign(rowOf(day), refunded);
  for (const [day, count] of ended) rowOf(day).ended_subscriptions = count;
  days.forEach((day, index) => {
    const count = active[index + 1] ?? 0;
    if (count > 0 && startOf(day).getTime() <= now.getTime()) rowOf(day).active_subscriptions = count;
  });
  const series = zeroFill(days, rows, emptyDay);
  const refundedTotal: MoneyByCurrency = {};
  for (const day of series)
    for (const [currency, amount] of Object.entries(day.refunded)) addMoney(refundedTotal, currency, amount);
  const activeAtStart = active[0] ?? 0;
  const endedTotal = series.reduce((sum, day) => sum + day.ended_subscriptions, 0);
  const lastBegun = series.findLast((day) => startOf(day.day).getTime() <= now.getTime());
  return {
    from: range.from,
    to: range.to,
    currencies: currenciesOf([report.totals.revenue, refundedTotal]),
    days: series,
    totals: {
      sign_ups: report.totals.sign_ups,
      purchases: report.totals.purchases,
      revenue: report.totals.revenue,
      refunds: series.reduce((sum, day) => sum + day.refunds, 0),
      refunded: refundedTotal,
      visitors: report.totals.visitors,
      conversion: report.totals.conversion,
      active_at_start: activeAtStart,
      active_at_end: lastBegun?.active_subscriptions ?? 0,
      ended_subscriptions: endedTotal,
      churn_rate: activeAtStart > 0 ? endedTotal / activeAtStart : null,
    },
    by_source: report.by_source.map((row) => group(row.utm_source, row)),
    by_affiliate: report.by_affiliate.map((row) => group(row.affiliate_network, row)),
  };
}

/** Hundredths as a plain decimal for spreadsheets ("1234.50"), whatever the console's language. */
export function decimalAmount(minor: number): string {
  const sign = minor < 0 ? "-" : "";
  const cents = Math.abs(Math.round(minor));
  return `${sign}${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

const rate = (value: number | null) => (value === null ? "" : value.toFixed(4));

/** One series of the dashboard as a CSV file: its name and text (a column per currency for money). */
export function dashboardCsv(data: Dashboard, series: DashboardSeries): { filename: string; text: string } {
  const money = (tally: MoneyByCurrency) => data.currencies.map((currency) => decimalAmount(tally[currency] ?? 0));
  const groupCsv = (keyName: string, groups: DashboardGroup[]) =>
    csvDocument(
      [keyName, "visitors", "sign_ups", "purchases", "conversion", ...data.currencies.map((c) => `revenue_${c}`)],
      groups.map((row) => [
        row.key,
        row.visitors,
        row.sign_ups,
        row.purchases,
        rate(row.conversion),
        ...money(row.revenue),
      ]),
    );
  const text = (() => {
    switch (series) {
      case "revenue":
        return csvDocument(
          ["day", ...data.currencies.map((c) => `revenue_${c}`)],
          data.days.map((day) => [day.day, ...money(day.revenue)]),
        );
      case "signups":
        return csvDocument(
          ["day", "sign_ups"],
          data.days.map((day) => [day.day, day.sign_ups]),
        );
      case "purchases":
        return csvDocument(
          ["day", "purchases"],
          data.days.map((day) => [day.day, day.purchases]),
        );
      case "refunds":
        return csvDocument(
          ["day", "refunds", ...data.currencies.map((c) => `refunded_${c}`)],
          data.days.map((day) => [day.day, day.refunds, ...money(day.refunded)]),
        );
      case "subscriptions":
        return csvDocument(
          ["day", "active_subscriptions", "ended_subscriptions"],
          data.days.map((day) => [day.day, day.active_subscriptions, day.ended_subscriptions]),
        );
      case "sources":
        return groupCsv("utm_source", data.by_source);
      case "affiliates":
        return groupCsv("affiliate_network", data.by_affiliate);
    }
  })();
  return { filename: `${series}-${data.from}-${data.to}.csv`, text };
}
