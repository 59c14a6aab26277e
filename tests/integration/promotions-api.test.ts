import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PROMOTIONS_KEY } from "../../core/config/promotion-store";
import type { DatabaseHandle } from "../../db/client";
import { remoteConfig } from "../../db/schema";
import type { PromotionConfig } from "../../universal/promotions/promotion-config";
import { createTestApp } from "../helpers/test-app";
import { testDatabaseTargets } from "../helpers/test-databases";

const PUBLIC = "/api/mms/config/v1/promotions";
const OPERATOR = "/api/operator/v1/promotions";
const TOKEN = "operator-token-for-tests-0123456789abcdef";

const promotion = (id: string, startTime: string, endTime: string) => ({
  id,
  kind: "anniversary",
  startTime,
  endTime,
  headline: [{ text: { en: "Our {{years}}th birthday", de: "Unser {{years}}. Geburtstag" }, tone: "accent" }],
  placeholders: { years: { en: "5" } },
  href: "/pricing?promo=birthday",
});

const document = {
  promotions: [
    promotion("ended", "2020-01-01T00:00:00Z", "2020-02-01T00:00:00Z"),
    promotion("active", "2021-01-01T00:00:00Z", "2099-01-01T00:00:00Z"),
    { ...promotion("upcoming", "2098-03-01T00:00:00+01:00", "2098-03-10T00:00:00+01:00"), kind: "easter" },
  ],
  popups: { weekend: { headline: [{ text: { en: "Weekend deal" } }] } },
};

type Call = (
  method: "GET" | "PUT",
  path: string,
  options?: { body?: unknown; token?: string | null; appType?: string | null },
) => Promise<{ status: number; headers: Headers; body: { code: number; message: string; data: Data } }>;
/** What these calls answer: a promotion config, or the validation failure's fields. */
type Data = PromotionConfig & { fields: Record<string, string> };

function client(app: ReturnType<typeof createTestApp>): Call {
  return async (method, path, options = {}) => {
    const headers: Record<string, string> = {};
    if (options.token !== null) headers.authorization = `Bearer ${options.token ?? TOKEN}`;
    if (options.appType !== null) headers["x-app-type"] = options.appType ?? "501";
    if (options.body !== undefined) headers["content-type"] = "application/json";
    const response = await app.request(path, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    return { status: response.status, headers: response.headers, body: await response.json() };
  };
}

describe.each(testDatabaseTargets())("promotion config on $name", (target) => {
  let database: DatabaseHandle;
  let call: Call;
  // One database for the file (migrating is the slow part); each test starts without a document.
  beforeAll(async () => {
    database = await target.open();
    call = client(createTestApp(database, { env: { OPERATOR_TOKEN: TOKEN } }));
  });
  beforeEach(async () => {
    await database.db.delete(remoteConfig);
  });
  afterAll(async () => database.close());

  it("is empty until the operator stores one", async () => {
    const answer = await call("GET", PUBLIC, { token: null });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ code: 200, message: "ok", data: { promotions: [], popups: {} } });
    expect(answer.headers.get("cache-control")).toBe("public, max-age=30");
    expect((await call("GET", OPERATOR)).body.data).toEqual({ promotions: [], popups: {} });
  });

  it("stores a document with defaults filled; the public read leaves out ended promotions", async () => {
    const put = await call("PUT", OPERATOR, { body: document, appType: null });
    expect(put.status).toBe(200);
    expect(put.body.data.promotions[0]).toMatchObject({ id: "ended", isFestival: true });
    expect(put.body.data.popups.weekend).toMatchObject({ href: "/pricing" });

    const stored = await call("GET", OPERATOR, { appType: null });
    expect(stored.body.data.promotions.map((p) => p.id)).toEqual(["ended", "active", "upcoming"]);
    expect(stored.headers.get("cache-control")).toBe("no-store");

    const published = await call("GET", PUBLIC, { token: null });
    expect(published.status).toBe(200);
    expect(published.body.data.promotions.map((p) => p.id)).toEqual(["active", "upcoming"]);
    expect(published.body.data.promotions[0]).toMatchObject({
      kind: "anniversary",
      href: "/pricing?promo=birthday",
      headline: [{ text: { en: "Our {{years}}th birthday" }, tone: "accent" }],
    });
    expect(published.body.data.popups.weekend?.headline[0]).toEqual({ text: { en: "Weekend deal" }, tone: "plain" });
  });

  it.each([
    [
      "an end before the start",
      { promotions: [promotion("p", "2030-02-01T00:00:00Z", "2030-01-01T00:00:00Z")] },
      "promotions.0.endTime",
    ],
    [
      "a text without English",
      {
        promotions: [
          { ...promotion("p", "2030-01-01T00:00:00Z", "2030-02-01T00:00:00Z"), headline: [{ text: { de: "Hallo" } }] },
        ],
      },
      "promotions.0.headline.0.text",
    ],
    [
      "an unknown kind",
      { promotions: [{ ...promotion("p", "2030-01-01T00:00:00Z", "2030-02-01T00:00:00Z"), kind: "halloween" }] },
      "promotions.0.kind",
    ],
    [
      "a protocol-relative link",
      { promotions: [{ ...promotion("p", "2030-01-01T00:00:00Z", "2030-02-01T00:00:00Z"), href: "//evil.com" }] },
      "promotions.0.href",
    ],
    [
      "a link to another site",
      { popups: { workday: { headline: [{ text: { en: "Hi" } }], href: "https://evil.com/" } } },
      "popups.workday.href",
    ],
    [
      "a saving typed in instead of {{discount}}",
      {
        promotions: [
          {
            ...promotion("p", "2030-01-01T00:00:00Z", "2030-02-01T00:00:00Z"),
            headline: [{ text: { en: "Easter: {{discount}} off", de: "Ostern: 59 % Rabatt" } }],
          },
        ],
      },
      "promotions.0.headline.0.text",
    ],
    [
      "a date without offset",
      { promotions: [promotion("p", "2030-01-01T00:00:00", "2030-02-01T00:00:00Z")] },
      "promotions.0.startTime",
    ],
  ])("refuses %s, keeping the previous document", async (_, bad, field) => {
    expect((await call("PUT", OPERATOR, { body: document })).status).toBe(200);
    const answer = await call("PUT", OPERATOR, { body: bad });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe(40000);
    expect(Object.keys(answer.body.data.fields)).toContain(field);
    const stored = await call("GET", OPERATOR);
    expect(stored.body.data.promotions).toHaveLength(3);
  });

  it("refuses a body that is not JSON", async () => {
    const app = createTestApp(database, { env: { OPERATOR_TOKEN: TOKEN } });
    const answer = await app.request(OPERATOR, {
      method: "PUT",
      headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
      body: "{not json",
    });
    expect(answer.status).toBe(400);
  });

  it("answers the operator calls only with the operator token", async () => {
    const missing = await call("PUT", OPERATOR, { body: document, token: null });
    expect(missing.status).toBe(401);
    expect(missing.headers.get("www-authenticate")).toContain("Bearer");
    expect((await call("GET", OPERATOR, { token: "wrong-token" })).status).toBe(401);
    expect((await call("GET", PUBLIC, { token: null })).body.data.promotions).toEqual([]);
  });

  it("is off (503) without OPERATOR_TOKEN, while the public read still works", async () => {
    const off = client(createTestApp(database));
    const answer = await off("PUT", OPERATOR, { body: document });
    expect(answer.status).toBe(503);
    expect(answer.body.code).toBe(50300);
    expect((await off("GET", PUBLIC, { token: null })).status).toBe(200);
  });

  it("refuses a public read without X-App-Type like the other /api/mms calls", async () => {
    const answer = await call("GET", PUBLIC, { token: null, appType: null });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 40000, data: { fields: { "X-App-Type": "app_type.invalid" } } });
  });

  it("reads a stored document that no longer parses as empty instead of failing", async () => {
    await database.db
      .insert(remoteConfig)
      .values({ key: PROMOTIONS_KEY, value: { promotions: [{ id: "Old Format" }] } });
    const answer = await call("GET", PUBLIC, { token: null });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ promotions: [], popups: {} });
    // The operator can replace it.
    expect((await call("PUT", OPERATOR, { body: document })).status).toBe(200);
    expect((await call("GET", PUBLIC, { token: null })).body.data.promotions).toHaveLength(2);
  });

  it("is described in the OpenAPI document with bearer security", async () => {
    const app = createTestApp(database);
    const spec = (await (await app.request("/api/openapi.json")).json()) as {
      paths: Record<string, Record<string, { security?: unknown }>>;
    };
    expect(spec.paths[OPERATOR]?.put?.security).toEqual([{ bearerAuth: [] }]);
    expect(spec.paths[PUBLIC]?.get).toBeDefined();
  });
});
