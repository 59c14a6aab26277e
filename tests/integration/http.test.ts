import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRERENDER_NONCE_PLACEHOLDER } from "../../app/lib/csp-nonce";
import { noCaptchaVerifier } from "../../core/captcha/remote-captcha";
import type { DatabaseHandle } from "../../db/client";
import { createTestApp } from "../helpers/test-app";
import { testDatabaseTargets } from "../helpers/test-databases";

let database: DatabaseHandle;
let clientDir: string;

beforeAll(async () => {
  const [pglite] = testDatabaseTargets();
  database = await (pglite ?? { open: () => Promise.reject(new Error("no pglite")) }).open();
  clientDir = mkdtempSync(path.join(tmpdir(), "veilport-client-"));
  mkdirSync(path.join(clientDir, "assets"));
  mkdirSync(path.join(clientDir, "features"));
  const script = `<script nonce="${PRERENDER_NONCE_PLACEHOLDER}">1</script>`;
  writeFileSync(path.join(clientDir, "index.html"), `<!DOCTYPE html><html><body>home${script}</body></html>`);
  writeFileSync(
    path.join(clientDir, "features", "index.html"),
    `<!DOCTYPE html><html><body>features${script}</body></html>`,
  );
  writeFileSync(path.join(clientDir, "assets", "entry-abc123.js"), "console.log('x');".repeat(200));
  writeFileSync(path.join(clientDir, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
});

afterAll(async () => {
  await database.close();
  rmSync(clientDir, { recursive: true, force: true });
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
  it("serve a prerendered page with this request's nonce and revalidation", async () => {
    const app = createTestApp(database, { deps: { clientDir, pageHandler: page } });
    const response = await app.request("/features");
    const html = await response.text();
    const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
    expect(html).toContain("features");
    expect(html).toContain(`<script nonce="${nonce}">`);
    expect(html).not.toContain(PRERENDER_NONCE_PLACEHOLDER);
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect((await app.request("/")).status).toBe(200);
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
