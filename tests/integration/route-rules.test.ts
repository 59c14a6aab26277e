import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { routeRuleCache } from "../../core/config/route-rule-store";
import type { DatabaseHandle } from "../../db/client";
import { routeRules } from "../../db/schema";
import { createTestApp } from "../helpers/test-app";
import { testDatabaseTargets } from "../helpers/test-databases";

const RULES = "/api/operator/v1/route_rules";
const LOOKUP = "/api/mms/config/v1/route_rule";
const TOKEN = "operator-token-for-tests-0123456789abcdef";

const page = async () => new Response("<!DOCTYPE html><p>rendered</p>", { headers: { "content-type": "text/html" } });

interface Answer {
  status: number;
  headers: Headers;
  body: { code: number; message: string; data: Record<string, unknown> | null };
}

describe.each(testDatabaseTargets())("route rules on $name", (target) => {
  let database: DatabaseHandle;
  let app: ReturnType<typeof createTestApp>;

  const operator = async (method: "GET" | "PUT" | "DELETE", path: string, body?: unknown): Promise<Answer> => {
    const response = await app.request(path, {
      method,
      headers: {
        authorization: `Bearer ${TOKEN}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, headers: response.headers, body: await response.json() };
  };
  const lookup = async (path: string, headers: Record<string, string> = { "x-app-type": "501" }): Promise<Answer> => {
    const response = await app.request(`${LOOKUP}?path=${encodeURIComponent(path)}`, { headers });
    return { status: response.status, headers: response.headers, body: await response.json() };
  };
  const put = (rule: { path: string; target: string; permanent?: boolean }) => operator("PUT", RULES, rule);
  const remove = (path: string) => operator("DELETE", `${RULES}?path=${encodeURIComponent(path)}`);
  const list = async () => ((await operator("GET", RULES)).body.data?.rules ?? []) as Array<Record<string, unknown>>;

  // One database for the file (migrating is the slow part); each test starts without rules.
  beforeAll(async () => {
    database = await target.open();
    app = createTestApp(database, { env: { OPERATOR_TOKEN: TOKEN }, deps: { pageHandler: page } });
  });
  beforeEach(async () => {
    await database.db.delete(routeRules);
    routeRuleCache(database.db).invalidate();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(async () => database.close());

  it("are created, replaced, listed and deleted by the operator", async () => {
    const created = await put({ path: "/black-friday", target: "/pricing" });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ path: "/black-friday", target: "/pricing", permanent: false });
    expect(created.body.data?.updated_at).toMatch(/^\d{4}-\d\d-\d\dT/);

    const replaced = await put({ path: "/black-friday", target: "https://shop.example.com/bf", permanent: true });
    expect(replaced.body.data).toMatchObject({ target: "https://shop.example.com/bf", permanent: true });
    await put({ path: "/autumn", target: "/features" });
    expect(await list()).toEqual([
      expect.objectContaining({ path: "/autumn", target: "/features", permanent: false }),
      expect.objectContaining({ path: "/black-friday", target: "https://shop.example.com/bf", permanent: true }),
    ]);

    const deleted = await remove("/black-friday");
    expect(deleted.status).toBe(200);
    expect(deleted.body.data).toEqual({ path: "/black-friday" });
    expect((await list()).map((rule) => rule.path)).toEqual(["/autumn"]);
    const again = await remove("/black-friday");
    expect(again.status).toBe(404);
    expect(again.body.code).toBe(40400);
  });

  it.each([
    ["a language prefix", { path: "/de/black-friday", target: "/pricing" }, "path"],
    ["an API path", { path: "/api/mms/config/v1/promotions", target: "/pricing" }, "path"],
    ["an asset path", { path: "/assets/entry.js", target: "/pricing" }, "path"],
    ["a protocol-relative target", { path: "/x", target: "//evil.com/login" }, "target"],
    ["a javascript: target", { path: "/x", target: "javascript:alert(1)" }, "target"],
    ["plain http to another host", { path: "/x", target: "http://evil.com/" }, "target"],
    ["a target equal to the path", { path: "/x", target: "/x" }, "target"],
    ["a missing target", { path: "/x" }, "target"],
  ])("refuse %s, storing nothing", async (_, rule, field) => {
    const answer = await operator("PUT", RULES, rule);
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe(40000);
    expect(Object.keys((answer.body.data?.fields ?? {}) as object)).toContain(field);
    expect(await list()).toEqual([]);
  });

  it("refuse a rule that would make a redirect loop", async () => {
    await put({ path: "/a", target: "/b" });
    await put({ path: "/b", target: "/c" });
    const answer = await put({ path: "/c", target: "/a?again=1" });
    expect(answer.status).toBe(400);
    expect(answer.body.data).toMatchObject({ fields: { target: expect.stringContaining("loop") } });
    expect(await list()).toHaveLength(2);
  });

  it("need the operator token; off without OPERATOR_TOKEN", async () => {
    const anonymous = await app.request(RULES, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ path: "/x", target: "/pricing" }),
    });
    expect(anonymous.status).toBe(401);
    const off = createTestApp(database);
    expect((await off.request(RULES, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(503);
    expect(await list()).toEqual([]);
  });

  it("are looked up for client-side navigation, with and without language prefix", async () => {
    await put({ path: "/black-friday", target: "/pricing?promo=bf" });
    await put({ path: "/old-shop", target: "https://shop.example.com/", permanent: true });

    const plain = await lookup("/black-friday");
    expect(plain.status).toBe(200);
    expect(plain.body.data).toEqual({ redirect: "/pricing?promo=bf", permanent: false });
    expect(plain.headers.get("cache-control")).toBe("public, max-age=30");
    expect((await lookup("/de/black-friday")).body.data).toEqual({
      redirect: "/de/pricing?promo=bf",
      permanent: false,
    });
    expect((await lookup("/ja/old-shop")).body.data).toEqual({
      redirect: "https://shop.example.com/",
      permanent: true,
    });
    expect((await lookup("/pricing")).body.data).toEqual({ redirect: null, permanent: false });

    expect((await lookup("black-friday")).status).toBe(400);
    const noAppType = await lookup("/black-friday", {});
    expect(noAppType.status).toBe(400);
    expect(noAppType.body.code).toBe(40000);
  });

  it("redirect full page loads, in the request's language and with its query", async () => {
    await put({ path: "/black-friday", target: "/pricing" });
    await put({ path: "/moved", target: "/features", permanent: true });
    await put({ path: "/old-shop", target: "https://shop.example.com/x" });

    const plain = await app.request("/black-friday?utm_source=mail");
    expect(plain.status).toBe(302);
    expect(plain.headers.get("location")).toBe("/pricing?utm_source=mail");
    const german = await app.request("/de/black-friday");
    expect(german.status).toBe(302);
    expect(german.headers.get("location")).toBe("/de/pricing");
    const permanent = await app.request("/fr/moved");
    expect(permanent.status).toBe(301);
    expect(permanent.headers.get("location")).toBe("/fr/features");
    const external = await app.request("/old-shop?x=1", { method: "HEAD" });
    expect(external.status).toBe(302);
    expect(external.headers.get("location")).toBe("https://shop.example.com/x");

    // Pages without a rule, and requests that are not page loads, are untouched.
    const other = await app.request("/pricing");
    expect(other.status).toBe(200);
    expect(await other.text()).toContain("rendered");
    expect((await app.request("/black-friday", { method: "POST" })).status).toBe(200);
    expect((await app.request("/black-friday/more")).status).toBe(200);
  });

  it("apply the SPEC §2 language rules first, then the rule", async () => {
    await put({ path: "/black-friday", target: "/pricing" });
    const first = await app.request("/black-friday", { headers: { cookie: "locale=de" } });
    expect(first.status).toBe(302);
    expect(first.headers.get("location")).toBe("/de/black-friday");
    const canonical = await app.request("/en/black-friday");
    expect(canonical.status).toBe(301);
    expect(canonical.headers.get("location")).toBe("/black-friday");
  });

  it("take effect at once in this process, and within 30 s of a change made elsewhere", async () => {
    await put({ path: "/black-friday", target: "/pricing" });
    expect((await app.request("/black-friday")).status).toBe(302);
    await remove("/black-friday");
    expect((await app.request("/black-friday")).status).toBe(200);

    // Another process writes straight to the shared database: this one sees it after its cache expires.
    vi.useFakeTimers({ toFake: ["Date"] });
    expect((await app.request("/summer")).status).toBe(200);
    await database.db.insert(routeRules).values({ path: "/summer", target: "/pricing" });
    expect((await app.request("/summer")).status).toBe(200);
    vi.advanceTimersByTime(30_001);
    const later = await app.request("/summer");
    expect(later.status).toBe(302);
    expect(later.headers.get("location")).toBe("/pricing");
  });
});
