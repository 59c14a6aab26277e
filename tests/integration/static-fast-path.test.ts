import { rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { getRequestListener } from "@hono/node-server";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { deleteRouteRule, routeRuleCache, saveRouteRule } from "../../core/config/route-rule-store";
import type { DatabaseHandle } from "../../db/client";
import { createApp } from "../../server/app";
import { loadConfig } from "../../server/config";
import { staticPageStore } from "../../server/static-files";
import { staticPageFastPath } from "../../server/static-pages/fast-path";
import { writeClientBuild } from "../helpers/client-build";
import { testDatabaseTargets } from "../helpers/test-databases";

const ORIGIN = "https://vpn.example.com";

let database: DatabaseHandle;
let buildDir: string;
let server: Server;
let base: string;
const lines: Array<{ msg: string; path?: string; status?: number; via?: string; reqId?: string; ip?: string }> = [];

beforeAll(async () => {
  const [pglite] = testDatabaseTargets();
  database = await (pglite ?? { open: () => Promise.reject(new Error("no pglite")) }).open();
  buildDir = writeClientBuild(ORIGIN);
  const clientDir = path.join(buildDir, "client");
  const logger = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line)) });
  const config = loadConfig({ NODE_ENV: "test", PUBLIC_ORIGIN: ORIGIN });
  const staticPages = staticPageStore(clientDir, ORIGIN);
  const app = createApp({ config, database, logger, clientDir, staticPages });
  // As startServer wires it.
  const fastPath = staticPageFastPath({
    store: staticPages,
    origin: ORIGIN,
    trust: () => false,
    logger,
    surelyNoRule: (pathname) => {
      const rules = routeRuleCache(database.db).peek();
      return rules !== undefined && !rules.has(pathname);
    },
    isShuttingDown: () => false,
  });
  server = createServer(fastPath.inFrontOf(getRequestListener(fastPath.learning(app.fetch))));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await database.close();
  rmSync(buildDir, { recursive: true, force: true });
});

beforeEach(() => {
  lines.length = 0;
});

/** A request as a browser sends it; `via` of its log line says which path answered. */
async function visit(pathname: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}${pathname}`, {
    headers: { "accept-encoding": "br, gzip", ...headers },
    redirect: "manual",
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  const line = lines.findLast((entry) => entry.msg === "request" && entry.path === pathname);
  return { response, bytes, via: line?.via ?? "app", reqId: line?.reqId };
}

const headersOf = (response: Response) =>
  Object.fromEntries(
    [...response.headers].filter(([name]) => !["date", "x-request-id", "keep-alive", "connection"].includes(name)),
  );

describe("the static-page fast path", () => {
  it("sends what the app sent for the page, byte for byte, with the same headers", async () => {
    const first = await visit("/features");
    const second = await visit("/features");
    expect(first.via).toBe("app");
    expect(second.via).toBe("fast path");
    expect(second.response.status).toBe(200);
    expect(second.bytes.equals(first.bytes)).toBe(true);
    expect(headersOf(second.response)).toEqual(headersOf(first.response));
    expect(second.response.headers.get("content-security-policy")).toMatch(/script-src 'self' 'sha256-/);
    expect(second.response.headers.get("content-encoding")).toBe("br");
    expect(second.response.headers.get("x-static-page-variant")).toBeNull();
    // Each answer has its own request id, in its header and its log line.
    expect(second.response.headers.get("x-request-id")).toBe(second.reqId);
    expect(second.reqId).not.toBe(first.reqId);
  });

  it("learns each content coding and 304 on its own", async () => {
    await visit("/features", { "accept-encoding": "gzip" });
    const gzip = await visit("/features", { "accept-encoding": "gzip" });
    expect(gzip.via).toBe("fast path");
    expect(gzip.response.headers.get("content-encoding")).toBe("gzip");

    const etag = gzip.response.headers.get("etag") ?? "";
    const first304 = await visit("/features", { "accept-encoding": "gzip", "if-none-match": etag });
    const second304 = await visit("/features", { "accept-encoding": "gzip", "if-none-match": etag });
    expect([first304.response.status, second304.response.status]).toEqual([304, 304]);
    expect([first304.via, second304.via]).toEqual(["app", "fast path"]);
    expect(headersOf(second304.response)).toEqual(headersOf(first304.response));
    expect(second304.bytes.length).toBe(0);
  });

  it("leaves to the app what the app decides per request", async () => {
    await visit("/");
    expect((await visit("/")).via).toBe("fast path");
    // The locale cookie sends an unprefixed page to the visitor's language (SPEC §2).
    const cookie = await visit("/", { cookie: "locale=de" });
    expect(cookie.response.status).toBe(302);
    expect(cookie.via).toBe("app");
    // A query string (attribution, a currency) is the app's.
    expect((await visit("/?utm_source=news")).via).toBe("app");
  });

  it("never serves a page over an operator's route rule", async () => {
    await visit("/features");
    expect((await visit("/features")).via).toBe("fast path");
    await saveRouteRule(database.db, { path: "/features", target: "/pricing", permanent: false });
    try {
      const ruled = await visit("/features");
      expect(ruled.response.status).toBe(302);
      expect(ruled.response.headers.get("location")).toBe("/pricing");
      expect(ruled.via).toBe("app");
    } finally {
      await deleteRouteRule(database.db, "/features");
    }
    await visit("/features");
    expect((await visit("/features")).via).toBe("fast path");
  });
  it("logs the client's network, never its whole address, on both paths (LOG_IP_ADDRESSES unset)", async () => {
    lines.length = 0;
    await visit("/features");
    const logged = lines.filter((entry) => entry.msg === "request" && entry.path === "/features");
    expect(logged.map((entry) => [entry.via ?? "app", entry.ip])).toEqual([["fast path", "127.0.0.0/24"]]);
    await visit("/api/openapi.json");
    const appLine = lines.findLast((entry) => entry.msg === "request" && entry.path === "/api/openapi.json");
    expect(appLine?.ip).toBe("127.0.0.0/24");
  });
});
