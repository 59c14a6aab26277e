import { createHash } from "node:crypto";
import { rmSync } from "node:fs";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { noCaptchaVerifier } from "../../core/captcha/remote-captcha";
import type { DatabaseHandle } from "../../db/client";
import { loaderScript, moduleScript, writeClientBuild } from "../helpers/client-build";
import { createTestApp } from "../helpers/test-app";
import { testDatabaseTargets } from "../helpers/test-databases";

let database: DatabaseHandle;
let buildDir: string;
let clientDir: string;
let builtForOriginDir: string;

const cspHash = (code: string) => `'sha256-${createHash("sha256").update(code).digest("base64")}'`;
const scriptSrc = (response: Response) =>
  /script-src ([^;]*)/.exec(response.headers.get("content-security-policy") ?? "")?.[1];

beforeAll(async () => {
  const [pglite] = testDatabaseTargets();
  database = await (pglite ?? { open: () => Promise.reject(new Error("no pglite")) }).open();
  buildDir = writeClientBuild(null);
  clientDir = path.join(buildDir, "client");
  builtForOriginDir = writeClientBuild("https://vpn.example.com");
});

afterAll(async () => {
  await database.close();
  rmSync(buildDir, { recursive: true, force: true });
  rmSync(builtForOriginDir, { recursive: true, force: true });
});

const page = async () => new Response("<!DOCTYPE html><p>rendered</p>", { headers: { "content-type": "text/html" } });

describe("security headers", () => {
  it("send a strict CSP with a fresh nonce and no third-party origin", async () => {
    const app = createTestApp(database, { deps: { pageHandler: page } });
    const first = await app.request("/login");
    const second = await app.request("/login");
    const csp = first.headers.get("content-security-policy") ?? "";

    expect(csp).toMatch(/script-src 'nonce-[A-Za-z0-9+/=]{16,}' 'strict-dynamic'/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/https?:|\*|unsafe-eval|unsafe-inline/);
    expect(second.headers.get("content-security-policy")).not.toBe(csp);

    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
    expect(first.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(first.headers.get("x-frame-options")).toBe("DENY");
    expect(first.headers.get("strict-transport-security")).toBeNull();
  });

  it("allow no frames, except a captcha provider's when the operator enables one", async () => {
    const plain = createTestApp(database);
    expect((await plain.request("/healthz")).headers.get("content-security-policy")).toContain("frame-src 'none'");
    const withRecaptcha = createTestApp(database, {
      env: { CAPTCHA_PROVIDER: "recaptcha", RECAPTCHA_SITE_KEY: "site", RECAPTCHA_SECRET: "secret" },
    });
    const csp = (await withRecaptcha.request("/healthz")).headers.get("content-security-policy") ?? "";
    expect(csp).toContain("frame-src https://www.google.com https://www.recaptcha.net");
  });

  it("add HSTS of at least a year when the public origin is https", async () => {
    const app = createTestApp(database, { env: { PUBLIC_ORIGIN: "https://vpn.example.com" } });
    const hsts = (await app.request("/healthz")).headers.get("strict-transport-security") ?? "";
    expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(31_536_000);
  });

  it("give every response a request id, echoing a caller's", async () => {
    const app = createTestApp(database);
    expect((await app.request("/healthz")).headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const echoed = await app.request("/healthz", { headers: { "x-request-id": "lb-1234" } });
    expect(echoed.headers.get("x-request-id")).toBe("lb-1234");
  });
});

describe("health", () => {
  it("/healthz says the process is up", async () => {
    const response = await createTestApp(database).request("/healthz");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ code: 200, message: "ok", data: { status: "up" } });
  });

  it("/readyz checks the database", async () => {
    const response = await createTestApp(database).request("/readyz");
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ code: 200, data: { status: "ready", database: "pglite" } });
  });

  it("/readyz answers 503 while shutting down", async () => {
    const app = createTestApp(database, { deps: { isShuttingDown: () => true } });
    const response = await app.request("/readyz");
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ code: 50300, data: null });
  });

  it("/readyz answers 503 when the database is gone", async () => {
    const broken = { ...database, ping: () => Promise.reject(new Error("connection refused")) };
    const response = await createTestApp(broken).request("/readyz");
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ code: 50300, message: "database unreachable" });
  });
});

describe("API envelope", () => {
  it("answers an unknown API path with a 404 envelope, not a page", async () => {
    const app = createTestApp(database, { deps: { pageHandler: page } });
    const response = await app.request("/api/mms/nothing/here", { headers: { "x-app-type": "501" } });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ code: 40400, message: "no such API path", data: null });
  });

  it("turns an unexpected API error into code 50000 without a stack trace", async () => {
    const exploding = {
      ...noCaptchaVerifier(),
      clientConfig: () => Promise.reject(new Error("secret internals at /srv/app.js:12")),
    };
    const app = createTestApp(database, { deps: { captcha: exploding } });
    const response = await app.request("/api/mms/captcha/v1/challenge", { headers: { "x-app-type": "501" } });
    expect(response.status).toBe(500);
    const body = await response.text();
    expect(JSON.parse(body)).toEqual({ code: 50000, message: "internal error", data: null });
    expect(body).not.toContain("secret internals");
  });

  it("serves the OpenAPI document, brotli-compressed when asked", async () => {
    const app = createTestApp(database);
    const response = await app.request("/api/openapi.json", { headers: { "accept-encoding": "br, gzip" } });
    expect(response.headers.get("content-encoding")).toBe("br");
    const { brotliDecompressSync } = await import("node:zlib");
    const document = JSON.parse(brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString());
    expect(document.openapi).toBe("3.1.0");
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(["/healthz", "/readyz"]));
  });
});

describe("static files and prerendered pages", () => {
  it("serve a prerendered page with a CSP that allows exactly its inline scripts, by hash", async () => {
    const app = createTestApp(database, { deps: { clientDir, pageHandler: page } });
    const response = await app.request("http://localhost/features");
    const html = await response.text();
    expect(html).toContain("<p>features</p>");
    expect(html).not.toContain("nonce");
    expect(html).toContain('<link rel="canonical" href="http://localhost/features"/>');
    // The origin is swapped in before hashing: the loader data that runs is the one allowed.
    expect(scriptSrc(response)?.split(" ").sort()).toEqual(
      ["'self'", cspHash(loaderScript("http://localhost")), cspHash(moduleScript)].sort(),
    );
    expect(response.headers.get("content-security-policy")).not.toMatch(/nonce-|strict-dynamic|unsafe-inline/);
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(response.headers.get("etag")).toMatch(/^"[\w-]+"$/);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect((await app.request("/")).status).toBe(200);
  });

  it("answer 304 to a revalidation with the page's ETag, and the page when it changed", async () => {
    const app = createTestApp(database, { deps: { clientDir, pageHandler: page } });
    const first = await app.request("/features", { headers: { "accept-encoding": "br" } });
    const etag = first.headers.get("etag") ?? "";
    const again = await app.request("/features", { headers: { "accept-encoding": "br", "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("etag")).toBe(etag);
    expect(scriptSrc(again)).toBe(scriptSrc(first));
    const stale = await app.request("/features", { headers: { "accept-encoding": "br", "if-none-match": '"old"' } });
    expect(stale.status).toBe(200);
  });

  it("send the precompressed br or gzip copy the client accepts, the same page in each", async () => {
    const app = createTestApp(database, { deps: { clientDir, pageHandler: page } });
    const plain = await app.request("/features");
    const br = await app.request("/features", { headers: { "accept-encoding": "gzip, deflate, br" } });
    const gzip = await app.request("/features", { headers: { "accept-encoding": "gzip" } });
    const html = await plain.text();
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(html);
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(html);
    for (const response of [plain, br, gzip]) {
      expect(response.headers.get("vary")?.match(/accept-encoding/gi)).toHaveLength(1);
    }
    expect(new Set([plain, br, gzip].map((response) => response.headers.get("etag"))).size).toBe(3);
  });

  it("serve the files as built when the build wrote the public origin", async () => {
    const client = path.join(builtForOriginDir, "client");
    const app = createTestApp(database, {
      env: { PUBLIC_ORIGIN: "https://vpn.example.com" },
      deps: { clientDir: client, pageHandler: page },
    });
    const response = await app.request("/features", { headers: { "accept-encoding": "br" } });
    const { readFileSync } = await import("node:fs");
    const built = readFileSync(path.join(client, "features", "index.html.br"));
    expect(Buffer.from(await response.arrayBuffer()).equals(built)).toBe(true);
    expect(scriptSrc(response)).toContain(cspHash(loaderScript("https://vpn.example.com")));
  });

  it("give a page rendered per request (an app) a fresh nonce, not the static hashes", async () => {
    const app = createTestApp(database, { deps: { clientDir, pageHandler: page } });
    const first = await app.request("/myaccount");
    const second = await app.request("/myaccount");
    expect(scriptSrc(first)).toMatch(/^'nonce-[A-Za-z0-9+/=]{16,}' 'strict-dynamic'$/);
    expect(scriptSrc(second)).not.toBe(scriptSrc(first));
    expect(first.headers.get("etag")).toBeNull();
  });

  it("serve hashed assets as immutable, and a missing one as a plain 404", async () => {
    const app = createTestApp(database, { deps: { clientDir, pageHandler: page } });
    const asset = await app.request("/assets/entry-abc123.js");
    expect(asset.status).toBe(200);
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const missing = await app.request("/assets/gone-000.js");
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe("Not Found");
  });

  it("answer a page that fails to render with a bare 500", async () => {
    const failing = async () => {
      throw new Error("render failed at /srv/x.js");
    };
    const app = createTestApp(database, { deps: { clientDir, pageHandler: failing } });
    const response = await app.request("/pricing");
    expect(response.status).toBe(500);
    expect(await response.text()).toBe("Internal Server Error");
  });

  it("hand everything else to the page renderer", async () => {
    const app = createTestApp(database, { deps: { clientDir, pageHandler: page } });
    expect(await (await app.request("/myaccount")).text()).toContain("rendered");
  });
});

describe("language redirects", () => {
  const german = { cookie: "locale=de", "accept-language": "de-DE,de;q=0.9" };

  it("send a page to the visitor's language", async () => {
    const app = createTestApp(database, { deps: { pageHandler: page } });
    const answer = await app.request("/pricing?x=1", { headers: german });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/de/pricing?x=1");
  });

  // React Router asks /__manifest and *.data on every client navigation: redirecting them to
  // /de/... answered 404, and every link click of a German visitor ended on the error page.
  it.each([
    "/__manifest?paths=%2Fpricing%2C%2Fblog&version=abc",
    "/pricing.data",
    "/_root.data?_routes=root",
    "/l10n/prices?product_ids=a&customer_country=DE",
    "/favicon.ico",
    "/blog/rss.xml",
  ])("never redirect %s", async (target) => {
    const app = createTestApp(database, { deps: { pageHandler: page } });
    const answer = await app.request(target, { headers: german });
    expect(answer.status).not.toBe(302);
    expect(answer.headers.get("location") ?? "").not.toMatch(/^\/de\//);
  });
});
