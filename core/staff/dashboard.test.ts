import { describe, expect, it } from "vitest";
import type { Dashboard } from "../../universal/staff/console-records";
import { currenciesOf, dashboardCsv, decimalAmount, zeroFill } from "./dashboard";

describe("zero-filled days", () => {
  const empty = () => ({ n: 0 });
  it.each([
    [["2026-11-01", "2026-11-02", "2026-11-03"], [["2026-11-02", { n: 4 }]], [0, 4, 0]],
    [["2026-11-01"], [], [0]],
    // A row outside the range is not shown.
    [
      ["2026-11-01", "2026-11-02"],
      [
        ["2026-10-31", { n: 9 }],
        ["2026-11-01", { n: 1 }],
      ],
      [1, 0],
    ],
  ] as const)("%j with %j", (days, rows, expected) => {
    const filled = zeroFill(days, new Map(rows as ReadonlyArray<[string, { n: number }]>), empty);
    expect(filled.map((row) => row.day)).toEqual(days);
    expect(filled.map((row) => row.n)).toEqual(expected);
  });
  it("gives each empty day its own object", () => {
    const [a, b] = zeroFill(["2026-11-01", "2026-11-02"], new Map(), () => ({ money: {} as Record<string, number> }));
    expect(a?.money).not.toBe(b?.money);
  });
});

describe("money", () => {
  it.each([
    [0, "0.00"],
    [5, "0.05"],
    [1299, "12.99"],
    [123456, "1234.56"],
    [-250, "-2.50"],
  ])("%d hundredths -> %s", (minor, expected) => {
    expect(decimalAmount(minor)).toBe(expected);
  });
  it("lists each currency once, sorted", () => {
    expect(currenciesOf([{ USD: 1, EUR: 0 }, { GBP: 3, USD: 2 }, {}])).toEqual(["EUR", "GBP", "USD"]);
  });
});

describe("a series as CSV", () => {
  const day = (d: string) => ({
    day: d,
    sign_ups: 0,
    purchases: 0,
    revenue: {},
    refunds: 0,
    refunded: {},
    active_subscriptions: 0,
    ended_subscriptions: 0,
  });
  const data: Dashboard = {
    from: "2026-11-01",
    to: "2026-11-02",
    currencies: ["EUR", "USD"],
    days: [
      { ...day("2026-11-01"), sign_ups: 2, purchases: 1, revenue: { USD: 1299 }, active_subscriptions: 5 },
      { ...day("2026-11-02"), refunds: 1, refunded: { EUR: 999 }, ended_subscriptions: 1, active_subscriptions: 4 },
    ],
    totals: {
      sign_ups: 2,
      purchases: 1,
      revenue: { USD: 1299 },
      refunds: 1,
      refunded: { EUR: 999 },
      visitors: 4,
      conversion: 0.25,
      active_at_start: 5,
      active_at_end: 4,
      ended_subscriptions: 1,
      churn_rate: 0.2,
    },
    by_source: [
      { key: "=cmd|' /C calc'!A0", visitors: 3, sign_ups: 1, purchases: 1, revenue: { USD: 1299 }, conversion: 1 / 3 },
      { key: null, visitors: 0, sign_ups: 1, purchases: 0, revenue: {}, conversion: null },
    ],
    by_affiliate: [],
  };

  it.each([
    ["revenue", "day,revenue_EUR,revenue_USD\r\n2026-11-01,0.00,12.99\r\n2026-11-02,0.00,0.00\r\n"],
    ["signups", "day,sign_ups\r\n2026-11-01,2\r\n2026-11-02,0\r\n"],
    ["purchases", "day,purchases\r\n2026-11-01,1\r\n2026-11-02,0\r\n"],
    ["refunds", "day,refunds,refunded_EUR,refunded_USD\r\n2026-11-01,0,0.00,0.00\r\n2026-11-02,1,9.99,0.00\r\n"],
    ["subscriptions", "day,active_subscriptions,ended_subscriptions\r\n2026-11-01,5,0\r\n2026-11-02,4,1\r\n"],
    [
      "sources",
      "utm_source,visitors,sign_ups,purchases,conversion,revenue_EUR,revenue_USD\r\n'=cmd|' /C calc'!A0,3,1,1,0.3333,0.00,12.99\r\n,0,1,0,,0.00,0.00\r\n",
    ],
    ["affiliates", "affiliate_network,visitors,sign_ups,purchases,conversion,revenue_EUR,revenue_USD\r\n"],
  ] as const)("%s", (series, expected) => {
    expect(dashboardCsv(data, series)).toEqual({ filename: `${series}-2026-11-01-2026-11-02.csv`, text: expected });
  });
});
