import { asc, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { deleteExpiredEvents } from "../../core/analytics/retention";
import { createSession } from "../../core/auth/sessions";
import { seedDemoData } from "../../core/demo/seed";
import type { GeoRecord } from "../../core/geo/geo-database";
import type { DatabaseHandle } from "../../db/client";
import { analyticsEvents, orders, users } from "../../db/schema";
import { apiClient } from "../helpers/api-client";
import { createTestApp } from "../helpers/test-app";
import { testDatabaseTargets } from "../helpers/test-databases";

const PATH = "/api/mms/analytics/v1/events";
const REPORT = "/api/operator/v1/report";
const OPERATOR_TOKEN = "operator-token-for-tests-0123456789abcdef";
const DAY_MS = 24 * 60 * 60 * 1000;
const BRITISH_ADDRESS = "81.2.69.160";

// The server's own lookup, without loading the real geo databases.
const geo = async () => ({
  lookup: (address: string) => ({ countryCode: address === BRITISH_ADDRESS ? "GB" : "" }) as GeoRecord,
});

const pageShow = (overrides: Record<string, unknown> = {}) => ({
  event_name: "page_show",
  event_timestamp: Date.now(),
  front_id: "front_0123456789",
  event_params: [
    { key: "page_path", value: "/pricing" },
    { key: "load_ms", value: 412 },
    { key: "first_visit", value: true },
  ],
  ...overrides,
});

describe.each(testDatabaseTargets())("analytics events on $name", (target) => {
  let database: DatabaseHandle;
  let call: ReturnType<typeof apiClient>;
  const send = (body: unknown, options: Parameters<typeof call>[2] = {}) =>
    call("POST", PATH, { appType: null, ...options, body });
  const storedEvents = () => database.db.select().from(analyticsEvents).orderBy(asc(analyticsEvents.id));

  beforeEach(async () => {
    database = await target.open();
    call = apiClient(createTestApp(database, { env: { TRUST_PROXY: "loopback" }, deps: { geo } }));
  });
  afterEach(async () => database.close());

  it("stores a batch without X-App-Type: no address, no user id, attribution kept", async () => {
    const answer = await send(
      {
        user_id: 12345,
        events: [
          pageShow({
            ip: "198.51.100.23",
            country: "Germany",
            country_code: "de",
            language: "de",
            device: "mobile",
            app_name: "Veilport",
            app_type: 501,
            app_info: { version: "1.4.0" },
            user_properties: [{ key: "plan", value: "free" }],
            attribution: { utm_source: "newsletter", affiliate_network: "cj", affiliate_click_id: "abc", junk: "x" },
            surprise_field: "dropped",
          }),
          pageShow({ event_name: "button_click", event_params: undefined }),
        ],
      },
      { headers: { "X-Forwarded-For": BRITISH_ADDRESS } },
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ code: 200, message: "ok", data: { accepted: 2 } });

    const [first, second] = await storedEvents();
    expect(first).toMatchObject({
      eventName: "page_show",
      frontId: "front_0123456789",
      countryCode: "GB",
      language: "de",
      device: "mobile",
      appName: "Veilport",
      appType: "501",
      params: { page_path: "/pricing", load_ms: 412, first_visit: true },
      userProperties: { plan: "free" },
      appInfo: { version: "1.4.0" },
      attribution: { utm_source: "newsletter", affiliate_network: "cj", affiliate_click_id: "abc" },
      day: new Date().toISOString().slice(0, 10),
    });
    expect(first).not.toHaveProperty("userId");
    expect(second).toMatchObject({ eventName: "button_click", params: {}, attribution: null, userProperties: null });
    // Nothing of the address or the unknown fields is anywhere in the stored rows.
    const raw = JSON.stringify(
      (await database.db.execute(sql`select * from analytics_events`)) as unknown as { rows: unknown[] },
    );
    expect(raw).not.toContain("198.51.100.23");
    expect(raw).not.toContain(BRITISH_ADDRESS);
    expect(raw).not.toContain("surprise_field");
    expect(raw).not.toContain("junk");
  });

  it("uses the event's country only when the server finds none, and clamps far-off timestamps", async () => {
    const before = Date.now();
    await send(
      {
        events: [
          pageShow({ country_code: "fr", event_timestamp: 0 }),
          pageShow({ country_code: "FRA", event_timestamp: before + 40 * DAY_MS }),
        ],
      },
      { headers: { "X-Forwarded-For": "203.0.113.7" } },
    );
    const [past, future] = await storedEvents();
    expect(past?.countryCode).toBe("FR");
    expect(future?.countryCode).toBeNull();
    expect(Math.abs((past?.eventAt.getTime() ?? 0) - (before - DAY_MS))).toBeLessThan(5_000);
    expect(Math.abs((future?.eventAt.getTime() ?? 0) - (before + DAY_MS))).toBeLessThan(5_000);
    expect(past?.day).toBe(past?.eventAt.toISOString().slice(0, 10));
    expect(future?.day).toBe(future?.eventAt.toISOString().slice(0, 10));
  });

  it("never links an event to an account: neither the session's user nor the body's user_id is stored", async () => {
    const [user] = await database.db.insert(users).values({ email: "reader@example.com" }).returning();
    const { token } = await createSession(database.db, { userId: user!.id, appType: 501 });
    expect((await send({ user_id: 999, events: [pageShow()] }, { token })).status).toBe(200);
    expect((await send({ user_id: 999, events: [pageShow()] }, { cookie: token })).status).toBe(200);
    const rows = await storedEvents();
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(Object.keys(row)).not.toContain("userId");
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain("reader@example.com");
    expect(stored).not.toMatch(/"999"|:999\b/);
  });

  it("refuses oversized batches: 51 events (400), a body over 64 KiB (413)", async () => {
    const tooMany = await send({ events: Array.from({ length: 51 }, () => pageShow()) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({ code: 40000, data: { fields: { events: expect.any(String) } } });
    expect((await send({ events: Array.from({ length: 50 }, () => pageShow()) })).status).toBe(200);

    const longParams = Array.from({ length: 25 }, (_, i) => ({ key: `k${i}`, value: "x".repeat(300) }));
    const huge = await send({ events: Array.from({ length: 10 }, () => pageShow({ event_params: longParams })) });
    expect(huge.status).toBe(413);
    expect(huge.body.code).toBe(41300);
    // Declared too long: refused on the header alone.
    const declared = await send({ events: [pageShow()] }, { headers: { "content-length": String(65 * 1024) } });
    expect(declared.status).toBe(413);
    expect(await storedEvents()).toHaveLength(50);
  });

  it("refuses a batch with any bad event field, storing none of it", async () => {
    const cases: Array<[unknown, string]> = [
      [{ events: [pageShow(), pageShow({ event_name: "Page Show" })] }, "events.1.event_name"],
      [{ events: [pageShow({ event_timestamp: undefined })] }, "events.0.event_timestamp"],
      [
        { events: [pageShow({ event_params: [{ key: "page", value: { nested: true } }] })] },
        "events.0.event_params.0.value",
      ],
      [{ events: [pageShow({ front_id: "short" })] }, "events.0.front_id"],
      [{ events: [pageShow({ device: "fridge" })] }, "events.0.device"],
      [{ events: [] }, "events"],
    ];
    for (const [body, field] of cases) {
      const answer = await send(body);
      expect(answer.status, field).toBe(400);
      expect(answer.body.code).toBe(40000);
      expect(Object.keys((answer.body.data?.fields ?? {}) as object)).toContain(field);
    }
    expect(await storedEvents()).toHaveLength(0);
  });

  it("refuses cross-site requests, like every cookie-carrying write", async () => {
    const fromEvil = await send({ events: [pageShow()] }, { headers: { origin: "https://evil.example" } });
    expect(fromEvil.status).toBe(403);
    expect(fromEvil.body.code).toBe(40300);
    const crossSite = await send({ events: [pageShow()] }, { headers: { "sec-fetch-site": "cross-site" } });
    expect(crossSite.status).toBe(403);
    // A beacon from our own page.
    expect((await send({ events: [pageShow()] }, { headers: { "sec-fetch-site": "same-origin" } })).status).toBe(200);
    expect(await storedEvents()).toHaveLength(1);
  });

  it("limits batches per client address", async () => {
    // The window's count already at the limit, as after 600 batches.
    await database.db.execute(
      sql`insert into rate_limits (key, window_start, count) values ('analyticsPerIp:198.51.100.9', now(), 600)`,
    );
    const limited = await send({ events: [pageShow()] }, { headers: { "X-Forwarded-For": "198.51.100.9" } });
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe(42900);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await send({ events: [pageShow()] }, { headers: { "X-Forwarded-For": "198.51.100.10" } })).status).toBe(
      200,
    );
    expect(await storedEvents()).toHaveLength(1);
  });

  it("stores every event of 200 concurrent batches", async () => {
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        send(
          { events: Array.from({ length: 5 }, (_, j) => pageShow({ front_id: `visitor_${i}_${j}_x` })) },
          { headers: { "X-Forwarded-For": `198.18.${i >> 8}.${i & 255}` } },
        ),
      ),
    );
    expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
    const [counted] = await database.db
      .select({
        rows: sql<number>`count(*)`.mapWith(Number),
        fronts: sql<number>`count(distinct front_id)`.mapWith(Number),
      })
      .from(analyticsEvents);
    expect(counted).toEqual({ rows: 1000, fronts: 1000 });
  });

  it("retention deletes only the days before the kept period", async () => {
    const now = new Date("2026-11-20T10:00:00Z");
    const day = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY_MS).toISOString().slice(0, 10);
    const row = (daysAgo: number) => ({
      day: day(daysAgo),
      eventName: "page_show",
      eventAt: new Date(now.getTime() - daysAgo * DAY_MS),
      params: {},
    });
    await database.db.insert(analyticsEvents).values([row(0), row(30), row(395), row(396), row(396), row(800)]);
    expect(await deleteExpiredEvents(database.db, 395, now)).toBe(3);
    const kept = (await storedEvents()).map((event) => event.day);
    expect(kept).toEqual([day(0), day(30), day(395)]);
    expect(await deleteExpiredEvents(database.db, 395, now)).toBe(0);
  });
});

describe.each(testDatabaseTargets())("operator report on $name", (target) => {
  let database: DatabaseHandle;
  let call: ReturnType<typeof apiClient>;
  beforeEach(async () => {
    database = await target.open();
    await seedDemoData(database.db, { withDemoUser: false });
    call = apiClient(createTestApp(database, { env: { OPERATOR_TOKEN }, deps: { geo } }));
  });
  afterEach(async () => database.close());

  const report = (query: string, token: string | null = OPERATOR_TOKEN) =>
    call("GET", `${REPORT}?${query}`, { appType: null, token: token ?? undefined });

  it("answers only the operator's token, and is off without one", async () => {
    const off = apiClient(createTestApp(database, { deps: { geo } }));
    const unset = await off("GET", `${REPORT}?from=2026-11-01&to=2026-11-02`, { token: OPERATOR_TOKEN });
    expect(unset.status).toBe(503);
    expect(unset.body.code).toBe(50300);
    expect((await report("from=2026-11-01&to=2026-11-02", null)).status).toBe(401);
    const wrong = await report("from=2026-11-01&to=2026-11-02", `${OPERATOR_TOKEN}x`);
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("www-authenticate")).toContain("Bearer");
    expect((await report("from=2026-11-01&to=2026-11-02")).status).toBe(200);
  });

  it("refuses bad dates and ranges over 366 days", async () => {
    for (const [query, field] of [
      ["from=2026-11-01", "to"],
      ["from=2026-13-01&to=2026-11-02", "from"],
      ["from=2026-11-05&to=2026-11-02", "to"],
      ["from=2025-01-01&to=2026-11-02", "to"],
    ] as const) {
      const answer = await report(query);
      expect(answer.status, query).toBe(400);
      expect(Object.keys((answer.body.data?.fields ?? {}) as object)).toContain(field);
    }
  });

  it("counts views, visitors, sign-ups, purchases and revenue per day, source and affiliate", async () => {
    const newsletter = { utm_source: "newsletter" };
    const cj = { affiliate_network: "cj", affiliate_click_id: "cj-click-1" };
    const at = (iso: string) => new Date(iso);
    const [u1, u2, u3, , u5] = await database.db
      .insert(users)
      .values([
        { email: "u1@example.com", attribution: newsletter, createdAt: at("2026-11-02T08:00:00Z") },
        { email: "u2@example.com", attribution: cj, createdAt: at("2026-11-02T09:00:00Z") },
        { email: "u3@example.com", createdAt: at("2026-11-03T23:30:00Z") },
        { email: "u4@example.com", attribution: newsletter, createdAt: at("2026-10-31T23:59:00Z") },
        { email: "u5@example.com", attribution: { utm_source: "podcast" }, createdAt: at("2026-11-03T12:00:00Z") },
      ])
      .returning();
    const order = (
      id: string,
      userId: number,
      status: string,
      currency: string,
      amount: number,
      createdAt: string,
      attribution?: Record<string, string>,
    ) => ({
      id,
      userId,
      planId: "1-month",
      provider: "ps",
      processor: "sandbox",
      currency,
      amount,
      status,
      attribution,
      createdAt: at(createdAt),
    });
    await database.db
      .insert(orders)
      .values([
        order("o1", u1!.id, "active", "USD", 999, "2026-11-02T08:10:00Z", newsletter),
        order("o2", u2!.id, "refunded", "GBP", 500, "2026-11-03T10:00:00Z", cj),
        order("o3", u3!.id, "pending", "USD", 999, "2026-11-03T23:40:00Z"),
        order("o4", u3!.id, "canceled", "USD", 999, "2026-11-03T23:41:00Z"),
        order("o5", u1!.id, "active", "USD", 1999, "2026-11-03T11:00:00Z", newsletter),
        order("o6", u5!.id, "failed", "USD", 999, "2026-11-03T12:05:00Z", { utm_source: "podcast" }),
        order("o7", u1!.id, "active", "USD", 999, "2026-11-04T00:00:00Z", newsletter),
      ]);
    const event = (
      day: string,
      frontId: string,
      attribution: Record<string, string> | null,
      eventName = "page_show",
    ) => ({
      day,
      eventName,
      eventAt: at(`${day}T12:00:00Z`),
      frontId,
      params: {},
      attribution,
    });
    await database.db
      .insert(analyticsEvents)
      .values([
        event("2026-11-02", "front_A_0000", newsletter),
        event("2026-11-02", "front_A_0000", newsletter),
        event("2026-11-02", "front_B_0000", newsletter),
        event("2026-11-02", "front_C_0000", cj),
        event("2026-11-02", "front_D_0000", null),
        event("2026-11-03", "front_A_0000", newsletter),
        event("2026-11-03", "front_E_0000", cj),
        event("2026-11-03", "front_F_0000", newsletter, "button_click"),
        event("2026-10-31", "front_G_0000", newsletter),
        event("2026-11-04", "front_H_0000", cj),
      ]);

    const answer = await report("from=2026-11-01&to=2026-11-03");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    const data = answer.body.data as Record<string, unknown>;
    expect(data.days).toEqual([
      { day: "2026-11-01", page_views: 0, visitors: 0, sign_ups: 0, purchases: 0, revenue: {} },
      { day: "2026-11-02", page_views: 5, visitors: 4, sign_ups: 2, purchases: 1, revenue: { USD: 999 } },
      { day: "2026-11-03", page_views: 2, visitors: 2, sign_ups: 2, purchases: 2, revenue: { USD: 1999, GBP: 500 } },
    ]);
    expect(data.totals).toEqual({
      page_views: 7,
      visitors: 5,
      sign_ups: 4,
      purchases: 3,
      revenue: { USD: 2998, GBP: 500 },
      conversion: 0.6,
    });
    expect(data.by_source).toEqual([
      {
        utm_source: "newsletter",
        page_views: 4,
        visitors: 2,
        sign_ups: 1,
        purchases: 2,
        revenue: { USD: 2998 },
        conversion: 1,
      },
      { utm_source: "podcast", page_views: 0, visitors: 0, sign_ups: 1, purchases: 0, revenue: {}, conversion: null },
      {
        utm_source: null,
        page_views: 3,
        visitors: 3,
        sign_ups: 2,
        purchases: 1,
        revenue: { GBP: 500 },
        conversion: 1 / 3,
      },
    ]);
    expect(data.by_affiliate).toEqual([
      {
        affiliate_network: "cj",
        page_views: 2,
        visitors: 2,
        sign_ups: 1,
        purchases: 1,
        revenue: { GBP: 500 },
        conversion: 0.5,
      },
      {
        affiliate_network: null,
        page_views: 5,
        visitors: 3,
        sign_ups: 3,
        purchases: 2,
        revenue: { USD: 2998 },
        conversion: 2 / 3,
      },
    ]);
    // What the affiliate network is paid on: the paid order it sent, with its click id.
    expect(data.affiliate_orders).toEqual([
      expect.objectContaining({
        order_id: "o2",
        affiliate_network: "cj",
        affiliate_click_id: "cj-click-1",
        status: "refunded",
        amount: 500,
        currency: "GBP",
      }),
    ]);
  });

  it("is described in the OpenAPI document with bearer security, next to the events endpoint", async () => {
    const response = await createTestApp(database).request("/api/openapi.json");
    const document = (await response.json()) as { paths: Record<string, Record<string, { security?: unknown }>> };
    expect(document.paths[REPORT]?.get?.security).toEqual([{ bearerAuth: [] }]);
    expect(document.paths[PATH]?.post).toBeDefined();
  });
});
