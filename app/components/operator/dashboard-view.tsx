import { type FormEvent, useCallback, useEffect, useState } from "react";
import { formatDate, formatDuration, formatNumber } from "../../../universal/i18n/format";
import { localeInfo } from "../../../universal/i18n/locales";
import type { MoneyByCurrency } from "../../../universal/staff/console-records";
import {
  DASHBOARD_PRESETS,
  type DashboardSeries,
  type DayRange,
  DEFAULT_PRESET,
  rangeProblem,
} from "../../../universal/staff/dashboard-range";
import { useT } from "../../i18n/translator";
import { apiErrorKey } from "../../lib/use-api";
import { useLocale } from "../../lib/use-page";
import type { SectionNotice } from "../account/account-api";
import { AccountCard } from "../account/account-card";
import { BarChart, type BarPoint } from "./bar-chart";
import { CONSOLE_CONTROL } from "./choice-field";
import { type Dashboard, useConsoleApi } from "./console-api";

const primary = "min-h-11 rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white";
const secondary = "min-h-11 rounded-lg border border-slate-400 px-4 py-2 font-semibold hover:bg-slate-50";

/**
 * The dashboard (decision 055): a range of UTC days (presets or from/to), totals, a chart per
 * figure (revenue one per currency, never summed), conversion by source and affiliate, and each
 * series as a CSV file.
 */
export function DashboardView() {
  const t = useT("operator");
  const tf = useT("forms");
  const { locale } = useLocale();
  const dir = localeInfo(locale).dir;
  const api = useConsoleApi();
  const [data, setData] = useState<Dashboard | null>(null);
  const [range, setRange] = useState<DayRange>({ from: "", to: "" });
  const [busy, setBusy] = useState(true);
  const [notice, setNotice] = useState<SectionNotice>(null);

  const load = useCallback(
    async (wanted: DayRange | { days: number }) => {
      setBusy(true);
      setNotice(null);
      try {
        const answer = await api.dashboard(wanted);
        setData(answer);
        setRange({ from: answer.from, to: answer.to });
      } catch (error) {
        setNotice({ tone: "error", text: tf(apiErrorKey(error)) });
      } finally {
        setBusy(false);
      }
    },
    [api, tf],
  );

  useEffect(() => {
    void load({ days: DEFAULT_PRESET });
  }, [load]);

  function show(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (rangeProblem(range)) {
      setNotice({ tone: "error", text: tf("api.40275") });
      return;
    }
    void load(range);
  }

  async function download(series: DashboardSeries) {
    if (!data) return;
    setNotice(null);
    try {
      await api.downloadCsv({ from: data.from, to: data.to }, series);
    } catch (error) {
      setNotice({ tone: "error", text: tf(apiErrorKey(error)) });
    }
  }

  const count = (value: number) => formatNumber(value, locale);
  const money = (currency: string) => (minor: number) =>
    formatNumber(minor / 100, locale, { style: "currency", currency });
  const moneyList = (tally: MoneyByCurrency, currencies: readonly string[]) =>
    currencies.length === 0
      ? count(0)
      : currencies.map((currency) => money(currency)(tally[currency] ?? 0)).join(" · ");
  const percent = (value: number | null) =>
    value === null ? "—" : formatNumber(value, locale, { style: "percent", maximumFractionDigits: 1 });
  const dayLabel = (day: string) => formatDate(new Date(`${day}T00:00:00Z`), locale);
  const rangeText = data ? t("dashboard.rangeOf", { from: dayLabel(data.from), to: dayLabel(data.to) }) : "";

  const chart = (
    chartId: string,
    title: string,
    values: (day: Dashboard["days"][number]) => number,
    format: (value: number) => string,
    csv: DashboardSeries,
    /** A count of things that happen is summed over the days; a standing count is read on the last day. */
    summed = true,
  ) => {
    if (!data) return null;
    const points: BarPoint[] = data.days.map((day) => ({ label: dayLabel(day.day), value: values(day) }));
    const total = points.reduce((sum, point) => sum + point.value, 0);
    const summary = summed
      ? t("dashboard.chartSummary", { total: format(total), range: rangeText })
      : t("dashboard.chartSummaryLast", { value: format(points.at(-1)?.value ?? 0), range: rangeText });
    return (
      <div key={chartId} className="flex flex-col gap-2 rounded-xl border border-slate-200 p-4">
        <BarChart
          chartId={chartId}
          title={title}
          summary={summary}
          points={points}
          format={format}
          dir={dir}
          tableLabel={t("dashboard.numbers")}
          columnLabel={t("dashboard.day")}
          valueLabel={title}
        />
        <button type="button" className={`${secondary} self-start`} onClick={() => void download(csv)}>
          {t("dashboard.csvOf", { series: title })}
        </button>
      </div>
    );
  };

  const groupTable = (kind: "source" | "affiliate") => {
    if (!data) return null;
    const rows = kind === "source" ? data.by_source : data.by_affiliate;
    const series: DashboardSeries = kind === "source" ? "sources" : "affiliates";
    const title = t(`dashboard.by.${kind}`);
    return (
      <div className="flex flex-col gap-2" data-dashboard-groups={kind}>
        <h3 className="font-semibold">{title}</h3>
        {rows.length === 0 ? (
          <p>{t("dashboard.noGroups")}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <caption className="sr-only">{title}</caption>
              <thead>
                <tr className="border-b border-slate-300">
                  <th scope="col" className="p-2 text-start">
                    {t(`dashboard.columns.${kind}`)}
                  </th>
                  <th scope="col" className="p-2 text-end">
                    {t("dashboard.columns.visitors")}
                  </th>
                  <th scope="col" className="p-2 text-end">
                    {t("dashboard.signUps")}
                  </th>
                  <th scope="col" className="p-2 text-end">
                    {t("dashboard.purchases")}
                  </th>
                  <th scope="col" className="p-2 text-end">
                    {t("dashboard.conversion")}
                  </th>
                  <th scope="col" className="p-2 text-end">
                    {t("dashboard.revenue")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.key ?? ""} className="border-b border-slate-200">
                    <th scope="row" className="p-2 text-start font-normal">
                      {row.key === null ? t("dashboard.none") : <bdi dir="ltr">{row.key}</bdi>}
                    </th>
                    <td className="p-2 text-end tabular-nums">{count(row.visitors)}</td>
                    <td className="p-2 text-end tabular-nums">{count(row.sign_ups)}</td>
                    <td className="p-2 text-end tabular-nums">{count(row.purchases)}</td>
                    <td className="p-2 text-end tabular-nums">{percent(row.conversion)}</td>
                    <td className="p-2 text-end tabular-nums">
                      {moneyList(row.revenue, Object.keys(row.revenue).sort())}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <button type="button" className={`${secondary} self-start`} onClick={() => void download(series)}>
          {t("dashboard.csvOf", { series: title })}
        </button>
      </div>
    );
  };

  const totals = data?.totals;
  return (
    <AccountCard title={t("menu.dashboard")} busy={busy} notice={notice}>
      <form onSubmit={show} className="flex flex-wrap items-end gap-3" aria-label={t("dashboard.range")}>
        <div className="flex flex-col gap-1">
          <label htmlFor="dashboard-from" className="text-sm font-medium">
            {t("dashboard.from")}
          </label>
          <input
            id="dashboard-from"
            type="date"
            required
            value={range.from}
            max={range.to || undefined}
            onChange={(event) => setRange((current) => ({ ...current, from: event.target.value }))}
            className={CONSOLE_CONTROL}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="dashboard-to" className="text-sm font-medium">
            {t("dashboard.to")}
          </label>
          <input
            id="dashboard-to"
            type="date"
            required
            value={range.to}
            min={range.from || undefined}
            onChange={(event) => setRange((current) => ({ ...current, to: event.target.value }))}
            className={CONSOLE_CONTROL}
          />
        </div>
        <button type="submit" className={primary}>
          {t("dashboard.show")}
        </button>
        <div className="flex flex-wrap gap-2">
          {DASHBOARD_PRESETS.map((days) => (
            <button key={days} type="button" className={secondary} onClick={() => void load({ days })}>
              {t("dashboard.last", { period: formatDuration(days, "day", locale) })}
            </button>
          ))}
        </div>
      </form>
      <p className="text-sm text-slate-700">{t("dashboard.utc")}</p>
      {data && totals ? (
        <>
          <h3 className="sr-only">{t("dashboard.totals")}</h3>
          <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" data-dashboard-totals>
            {[
              [t("dashboard.revenue"), moneyList(totals.revenue, data.currencies)],
              [t("dashboard.signUps"), count(totals.sign_ups)],
              [t("dashboard.purchases"), count(totals.purchases)],
              [t("dashboard.conversion"), percent(totals.conversion)],
              [
                t("dashboard.refunds"),
                `${count(totals.refunds)} (${moneyList(totals.refunded, Object.keys(totals.refunded).sort())})`,
              ],
              [t("dashboard.activeAtEnd"), count(totals.active_at_end)],
              [t("dashboard.ended"), count(totals.ended_subscriptions)],
              [t("dashboard.churn"), percent(totals.churn_rate)],
            ].map(([label, value]) => (
              <div key={label} className="rounded-xl bg-slate-50 p-3">
                <dt className="text-sm text-slate-700">{label}</dt>
                <dd className="text-lg font-semibold tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>
          <div className="grid gap-4 lg:grid-cols-2">
            {data.currencies.length === 0
              ? chart("revenue", t("dashboard.revenue"), () => 0, count, "revenue")
              : data.currencies.map((currency) =>
                  chart(
                    `revenue-${currency}`,
                    t("dashboard.revenueIn", { currency }),
                    (day) => day.revenue[currency] ?? 0,
                    money(currency),
                    "revenue",
                  ),
                )}
            {chart("sign-ups", t("dashboard.signUps"), (day) => day.sign_ups, count, "signups")}
            {chart("purchases", t("dashboard.purchases"), (day) => day.purchases, count, "purchases")}
            {chart("refunds", t("dashboard.refunds"), (day) => day.refunds, count, "refunds")}
            {chart("active", t("dashboard.active"), (day) => day.active_subscriptions, count, "subscriptions", false)}
            {chart("ended", t("dashboard.ended"), (day) => day.ended_subscriptions, count, "subscriptions")}
          </div>
          {groupTable("source")}
          {groupTable("affiliate")}
        </>
      ) : null}
    </AccountCard>
  );
}
