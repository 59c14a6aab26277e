import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { noCaptchaVerifier } from "../../core/captcha/remote-captcha";
import { seedDemoData } from "../../core/demo/seed";
import type { DatabaseHandle } from "../../db/client";
import { analyticsEvents, orders, subscriptions, users } from "../../db/schema";
import { apiClient } from "../helpers/api-client";
import { consoleStaff } from "../helpers/console-staff";
import { createTestApp } from "../helpers/test-app";
import { testDatabaseTargets } from "../helpers/test-databases";

// The console's dashboard (decision 055): seeded sign-ups, purchases, refunds and subscriptions
// across two currencies and several UTC days come back per day with exact counts, zeros on empty
// days, money per currency; each series exports as CSV; support has no right to it (403 40251).
const TOKEN = "operator-token-for-tests-0123456789abcdef";
const C = "/api/mms/console/v1/web";
const at = (iso: string) => new Date(iso);

describe.each(testDatabaseTargets())("console dashboard on $name", (target) => {
  let database: DatabaseHandle;
  let call: ReturnType<typeof apiClient>;
  let app: ReturnType<typeof createTestApp>;

  beforeEach(async () => {
    database = await target.open();
    await seedDemoData(database.db, { withDemoUser: false });
    app = createTestApp(database, {
      env: { OPERATOR_TOKEN: TOKEN, PUBLIC_ORIGIN: "https://vpn.example" },
      deps: { captcha: noCaptchaVerifier() },
    });
    call = apiClient(app);
  });
  afterEach(async () => database.close());

  const { get, owner, member } = consoleStaff(() => ({ db: database.db, call }), TOKEN);

  /** October 2026, in UTC: three sign-ups, purchases in USD and EUR, a refund, subscriptions that end. */
  async function seedOctober() {
    const db = database.db;
    const [u1, u2, u3] = await db
      .insert(users)
      .values([
        { email: "one@example.com", createdAt: at("2026-10-01T10:00:00Z"), attribution: { utm_source: "newsletter" } },
        { email: "two@example.com", createdAt: at("2026-10-01T23:30:00Z") },
        { email: "three@example.com", createdAt: at("2026-10-03T00:15:00Z") },
        { email: "before@example.com", createdAt: at("2026-09-30T23:59:00Z") },
      ])
      .returning();
    if (!u1 || !u2 || !u3) throw new Error("no users");
    const order = (id: string, userId: number, currency: string, amount: number, status: string, created: string) => ({
      id,
      userId,
      planId: "1-month",
      provider: "sandbox",
      processor: "sandbox",
      currency,
      amount,
      status,
      createdAt: at(created),
      updatedAt: at(created),
    });
    await db.insert(orders).values([
      {
        ...order("o1", u1.id, "USD", 1299, "active", "2026-10-01T12:00:00Z"),
        attribution: { utm_source: "newsletter" },
      },
      {
        ...order("o2", u2.id, "EUR", 999, "refunded", "2026-10-02T09:00:00Z"),
        updatedAt: at("2026-10-04T08:00:00Z"),
        attribution: { affiliate_network: "cj" },
      },
      order("o3", u3.id, "USD", 500, "active", "2026-10-03T10:00:00Z"),
      order("o4", u3.id, "USD", 700, "pending", "2026-10-03T11:00:00Z"),
      order("o5", u1.id, "EUR", 2000, "failed", "2026-10-03T12:00:00Z"),
      order("o6", u1.id, "USD", 300, "active", "2026-10-06T12:00:00Z"),
      order("o7", u2.id, "USD", 100, "active", "2026-09-02T12:00:00Z"),
    ]);
    const sub = (
      ref: string,
      userId: number,
      orderId: string | null,
      status: string,
      autoRenew: boolean,
      started: string,
      end: string,
    ) => ({
      userId,
      planId: "1-month",
      orderId,
      provider: orderId ? "sandbox" : "voucher",
      processor: orderId ? "sandbox" : "voucher",
      providerSubscriptionId: ref,
      status,
      autoRenew,
      startedAt: at(started),
      currentPeriodEnd: at(end),
    });
    await db.insert(subscriptions).values([
      sub("s1", u1.id, "o1", "active", true, "2026-09-15T00:00:00Z", "2026-11-15T00:00:00Z"),
      // Refunded: ended at the refund.
      sub("s2", u2.id, "o2", "expired", false, "2026-10-02T09:00:00Z", "2026-10-04T08:00:00Z"),
      sub("s3", u3.id, "o3", "canceled", false, "2026-10-03T10:00:00Z", "2026-10-05T12:00:00Z"),
      // Voucher time is no subscription.
      sub("v1", u3.id, null, "active", false, "2026-09-01T00:00:00Z", "2026-12-01T00:00:00Z"),
      // Renews automatically and waits for its renewal's payment: not churn.
      sub("s5", u2.id, "o7", "active", true, "2026-09-02T12:00:00Z", "2026-10-02T06:00:00Z"),
    ]);
    const view = (day: string, frontId: string, attribution: Record<string, string> | null) => ({
      day,
      eventName: "page_show",
      eventAt: at(`${day}T08:00:00Z`),
      frontId,
      params: {},
      attribution,
    });
    await db
      .insert(analyticsEvents)
      .values([
        view("2026-10-01", "f1", { utm_source: "newsletter" }),
        view("2026-10-01", "f2", { utm_source: "newsletter" }),
        view("2026-10-02", "f3", null),
        view("2026-10-02", "f4", { affiliate_network: "cj" }),
      ]);
  }

  it("counts each day exactly, with zeros on empty days and money per currency", async () => {
    const token = await owner();
    await seedOctober();
    const answer = await get(token, "/dashboard?from=2026-10-01&to=2026-10-05");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    const data = answer.body.data as Record<string, unknown>;
    expect(data.currencies).toEqual(["EUR", "USD"]);
    expect(data.days).toEqual([
      {
        day: "2026-10-01",
        sign_ups: 2,
        purchases: 1,
        revenue: { USD: 1299 },
        refunds: 0,
        refunded: {},
        active_subscriptions: 2,
        ended_subscriptions: 0,
      },
      {
        day: "2026-10-02",
        sign_ups: 0,
        purchases: 1,
        revenue: { EUR: 999 },
        refunds: 0,
        refunded: {},
        active_subscriptions: 2,
        ended_subscriptions: 0,
      },
      {
        day: "2026-10-03",
        sign_ups: 1,
        purchases: 1,
        revenue: { USD: 500 },
        refunds: 0,
        refunded: {},
        active_subscriptions: 3,
        ended_subscriptions: 0,
      },
      {
        day: "2026-10-04",
        sign_ups: 0,
        purchases: 0,
        revenue: {},
        refunds: 1,
        refunded: { EUR: 999 },
        active_subscriptions: 2,
        ended_subscriptions: 1,
      },
      {
        day: "2026-10-05",
        sign_ups: 0,
        purchases: 0,
        revenue: {},
        refunds: 0,
        refunded: {},
        active_subscriptions: 1,
        ended_subscriptions: 1,
      },
    ]);
    expect(data.totals).toEqual({
      sign_ups: 3,
      purchases: 3,
      revenue: { EUR: 999, USD: 1799 },
      refunds: 1,
      refunded: { EUR: 999 },
      visitors: 4,
      conversion: 0.75,
      active_at_start: 2,
      active_at_end: 1,
      ended_subscriptions: 2,
      churn_rate: 1,
    });
    expect(data.by_source).toEqual([
      { key: "newsletter", visitors: 2, sign_ups: 1, purchases: 1, revenue: { USD: 1299 }, conversion: 0.5 },
      { key: null, visitors: 2, sign_ups: 2, purchases: 2, revenue: { EUR: 999, USD: 500 }, conversion: 1 },
    ]);
    expect(data.by_affiliate).toEqual([
      { key: "cj", visitors: 1, sign_ups: 0, purchases: 1, revenue: { EUR: 999 }, conversion: 1 },
      { key: null, visitors: 3, sign_ups: 3, purchases: 2, revenue: { USD: 1799 }, conversion: 2 / 3 },
    ]);
  });

  it("exports each series as CSV with a file name, formulas defused", async () => {
    const token = await owner();
    await seedOctober();
    await database.db
      .update(orders)
      .set({ attribution: { utm_source: '=HYPERLINK("https://evil.example")' } })
      .where(eq(orders.id, "o3"));
    const csv = async (query: string) => {
      const response = await app.request(`${C}/dashboard/csv?${query}`, {
        headers: { "x-app-type": "101", authorization: `Bearer ${token}` },
      });
      return { response, text: await response.text() };
    };
    const revenue = await csv("from=2026-10-01&to=2026-10-05&series=revenue");
    expect(revenue.response.status).toBe(200);
    expect(revenue.response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(revenue.response.headers.get("content-disposition")).toBe(
      'attachment; filename="revenue-2026-10-01-2026-10-05.csv"',
    );
    expect(revenue.text).toBe(
      [
        "day,revenue_EUR,revenue_USD",
        "2026-10-01,0.00,12.99",
        "2026-10-02,9.99,0.00",
        "2026-10-03,0.00,5.00",
        "2026-10-04,0.00,0.00",
        "2026-10-05,0.00,0.00",
        "",
      ].join("\r\n"),
    );
    const refunds = await csv("from=2026-10-03&to=2026-10-04&series=refunds");
    expect(refunds.text).toBe(
      "day,refunds,refunded_EUR,refunded_USD\r\n2026-10-03,0,0.00,0.00\r\n2026-10-04,1,9.99,0.00\r\n",
    );
    const sources = await csv("from=2026-10-01&to=2026-10-05&series=sources");
    expect(sources.text.split("\r\n")).toContain(`"'=HYPERLINK(""https://evil.example"")",0,0,1,,0.00,5.00`);
    const unknown = await csv("from=2026-10-01&to=2026-10-05&series=passwords");
    expect(unknown.response.status).toBe(400);
  });

  it("refuses ranges it cannot show, and support", async () => {
    const token = await owner();
    for (const query of [
      "from=2026-10-05&to=2026-10-01",
      "from=2025-01-01&to=2026-10-01",
      "from=2026-02-30&to=2026-03-01",
      "from=2026-10-01",
      "days=14",
    ]) {
      const refused = await get(token, `/dashboard?${query}`);
      expect([query, refused.status, refused.body.code]).toEqual([query, 400, 40275]);
    }
    const preset = await get(token, "/dashboard?days=7");
    expect(preset.status).toBe(200);
    expect(preset.body.data).toMatchObject({ days: expect.any(Array) });
    expect((preset.body.data as { days: unknown[] }).days).toHaveLength(7);

    const support = await member(token, "support@example.com", "support");
    const refused = await get(support, "/dashboard?days=7");
    expect([refused.status, refused.body.code]).toEqual([403, 40251]);
    const refusedCsv = await get(support, "/dashboard/csv?days=7&series=revenue");
    expect([refusedCsv.status, refusedCsv.body.code]).toEqual([403, 40251]);
    const marketing = await member(token, "marketing@example.com", "marketing");
    expect((await get(marketing, "/dashboard?days=7")).status).toBe(200);
  });
});
