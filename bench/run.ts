// `npm run bench`: throughput, render rate, page weight against budgets, and Lighthouse.
// Writes bench/results/latest.md; exits non-zero when a page is over its budget (bench/budgets.json).
// BENCH_ONLY=lighthouse or BENCH_ONLY=http runs one half; BENCH_PAGES=/,/login limits the pages.

import { type ChildProcess, execFile, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import autocannon from "autocannon";
import { createRequestHandler, type ServerBuild } from "react-router";
import { signSandboxPayload } from "../core/billing/providers/sandbox-signature";
import { GeoDatabase } from "../core/geo/geo-database";
import { freePort } from "../tests/helpers/free-port";
import { PRODUCTION_SETTINGS } from "../tests/helpers/production-settings";
import { type AccountServer, BENCH_EMAIL, BENCH_PASSWORD, startAccountServer } from "./account-server";
import { readBudgets, weightMisses } from "./budgets";
import { LOAD_HEADERS, startHttpCeiling } from "./http-ceiling";
import { lighthouseSection } from "./lighthouse-section";
import { measurePageWeights, type PageVisit } from "./page-weight";

const root = path.resolve(import.meta.dirname, "..");
const budgets = readBudgets();
const wants = (half: "http" | "lighthouse") => !process.env.BENCH_ONLY || process.env.BENCH_ONLY === half;
const onlyPages = process.env.BENCH_PAGES?.split(",").filter(Boolean);
const benchPages = Object.entries(budgets.pages).filter(([page]) => !onlyPages || onlyPages.includes(page));
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const BENCH_SANDBOX_SECRET = "bench-sandbox-secret-0123456789";
const CONNECTIONS = 50;
const lines: string[] = [];
/** A public IPv4 address per number, spread over the whole space (never private or reserved). */
const publicAddress = (n: number) =>
  `${[1, 5, 24, 31, 41, 62, 81, 91, 101, 139, 176, 185, 203][n % 13]}.${(n * 37) % 256}.${(n * 101) % 256}.${(n % 250) + 1}`;
const say = (line = "") => {
  console.log(line);
  lines.push(line);
};

async function waitForHttp(url: string, child: ChildProcess) {
  let exited = false;
  child.once("exit", () => {
    exited = true;
  });
  for (;;) {
    if (exited) throw new Error(`server for ${url} exited before answering`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function load(url: string) {
  // Two unrecorded seconds first, so the JIT has warmed up before anything is counted.
  await autocannon({ url, connections: CONNECTIONS, duration: 2, headers: LOAD_HEADERS });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers: LOAD_HEADERS });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

const dataDir = mkdtempSync(path.join(tmpdir(), "veilport-bench-"));
// A production start has no plans (decision 025): the benchmark sells three, set as an operator does.
const BENCH_OPERATOR_TOKEN = randomBytes(24).toString("hex");
const BENCH_CATALOGUE = [
  ["add-plan", "--id", "2-years", "--months", "24", "--devices", "10", "--order", "1", "--default"],
  ["add-plan", "--id", "1-year", "--months", "12", "--devices", "8", "--order", "2"],
  ["add-plan", "--id", "1-month", "--months", "1", "--devices", "5", "--order", "3"],
  ["set-price", "--plan", "2-years", "--currency", "USD", "--list", "311.76", "--sale", "83.76"],
  ["set-price", "--plan", "1-year", "--currency", "USD", "--list", "155.88", "--sale", "47.88"],
  ["set-price", "--plan", "1-month", "--currency", "USD", "--list", "12.99", "--sale", "12.99"],
];
async function fillCatalogue(origin: string) {
  for (const args of BENCH_CATALOGUE) {
    await promisify(execFile)(
      process.execPath,
      [path.join(root, "scripts/catalogue.mjs"), ...args, "--origin", origin],
      {
        env: { PATH: process.env.PATH ?? "", OPERATOR_TOKEN: BENCH_OPERATOR_TOKEN },
      },
    );
  }
}
const appPort = await freePort();
const ceilingPort = await freePort();
const app = spawn(process.execPath, [path.join(root, "build/server.js")], {
  // Request logs stay on (info), as in production; they go to /dev/null here.
  env: {
    ...process.env,
    // Not the checkout's .env: the benchmark's server is set up here alone.
    ENV_FILE: "/dev/null",
    NODE_ENV: "production",
    ...PRODUCTION_SETTINGS,
    // The benchmark reads pages; a production process with no processor keys must say it sells nothing.
    PAYMENT_MODE: "off",
    LOG_LEVEL: "info",
    OPERATOR_TOKEN: BENCH_OPERATOR_TOKEN,
    PORT: String(appPort),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    STUN_PORT: "0",
  },
  stdio: ["ignore", "ignore", "inherit"],
});
let ceiling: ChildProcess | undefined;
let accountServer: AccountServer | undefined;

let overBudget = false;
try {
  await waitForHttp(`http://127.0.0.1:${appPort}/readyz`, app);
  const base = `http://127.0.0.1:${appPort}`;
  await fillCatalogue(base);

  say(`# Veilport benchmark`);
  say();
  say(
    `${new Date().toISOString()} · Node ${process.version} · ${cpus().length} × ${cpus()[0]?.model.trim()} · autocannon ${CONNECTIONS} connections, ${DURATION_S} s each · server and load generator share the machine`,
  );
  say();

  // The second server: the accounts' load tests, and the pages a signed-in customer sees.
  if (wants("http") || benchPages.some(([, page]) => page.signedIn)) {
    accountServer = await startAccountServer(root, { SANDBOX_WEBHOOK_SECRET: BENCH_SANDBOX_SECRET }, waitForHttp);
  }

  if (wants("http")) {
    // 1. HTTP throughput, against node:http sending the bytes and headers the app sent for the page.
    const started = await startHttpCeiling(`${base}${budgets.http.prerendered}`, ceilingPort, dataDir);
    ceiling = started.child;
    await waitForHttp(`http://127.0.0.1:${ceilingPort}/`, ceiling);
    const ceilingResult = await load(`http://127.0.0.1:${ceilingPort}/`);
    const minRatio = budgets.http.minPrerenderedToCeiling;
    const rows = [
      ["prerendered page", budgets.http.prerendered],
      ["server-rendered page", budgets.http.serverRendered],
      ["small JSON API call", budgets.http.json],
    ] as const;
    say(`## HTTP (requests/s, p99 latency)`);
    say();
    say(`| target | path | req/s | p99 ms | ratio to ceiling | errors + non-2xx |`);
    say(`|---|---|---:|---:|---:|---:|`);
    for (const [name, urlPath] of rows) {
      const result = await load(`${base}${urlPath}`);
      const ratio = result.rps / ceilingResult.rps;
      let verdict = "";
      if (name === "prerendered page") {
        const ok = ratio >= minRatio && result.errors === 0;
        overBudget ||= !ok;
        verdict = ok ? ` (budget >= ${minRatio}: ok)` : ` (budget >= ${minRatio}: **below budget**)`;
      }
      say(
        `| ${name} | \`${urlPath}\` | ${result.rps.toFixed(0)} | ${result.p99} | ${ratio.toFixed(2)}${verdict} | ${result.errors} |`,
      );
    }
    say(
      `| ceiling: node:http, same bytes and headers | \`${budgets.http.prerendered}\` | ${ceilingResult.rps.toFixed(0)} | ${ceilingResult.p99} | 1.00 | ${ceilingResult.errors} |`,
    );
    say();
    say(
      `Every request sends \`accept-encoding: br, gzip\`. The ceiling sends the ${started.bytes} bytes (${started.encoding}) and ~${started.headerBytes} bytes of headers the app sent for \`${budgets.http.prerendered}\`. ` +
        `The server-rendered target is a document rendered per request (its prices come from the catalogue).`,
    );
    say();

    // 1b. Accounts: login (argon2-bound) and an authenticated profile read, on a second server
    // without captcha (development mode) whose per-address login limit is spread by X-Forwarded-For.
    say(`## Accounts and checkout`);
    say();
    if (accountServer) {
      const authBase = accountServer.api;
      const token = accountServer.token;
      const headers = { "content-type": "application/json", "x-app-type": "101" };
      let n = 0;
      const loginResult = await autocannon({
        url: `${authBase}/login`,
        method: "POST",
        connections: 4,
        duration: DURATION_S,
        headers,
        body: JSON.stringify({ email: BENCH_EMAIL, password: BENCH_PASSWORD, recasign: "x" }),
        requests: [
          {
            setupRequest: (req) => ({
              ...req,
              headers: { ...req.headers, "x-forwarded-for": `198.18.${(n >> 8) & 255}.${n++ & 255}` },
            }),
          },
        ],
      });
      const profileResult = await autocannon({
        url: `${authBase}/profile`,
        connections: CONNECTIONS,
        duration: DURATION_S,
        headers: { "x-app-type": "101", authorization: `Bearer ${token}` },
      });
      // argon2id verification alone, one core: the bound on logins per second.
      const { hash, verify } = await import("@node-rs/argon2");
      const stored = await hash(BENCH_PASSWORD, { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
      const until = performance.now() + 3_000;
      let verified = 0;
      while (performance.now() < until) {
        await verify(stored, BENCH_PASSWORD);
        verified++;
      }
      say(`| what | req/s | p99 ms | errors + non-2xx |`);
      say(`|---|---:|---:|---:|`);
      say(
        `| login (argon2id 19 MiB, t=2), 4 connections | ${loginResult.requests.average.toFixed(1)} | ${loginResult.latency.p99} | ${loginResult.errors + loginResult.non2xx} |`,
      );
      say(
        `| profile with a valid bearer token, ${CONNECTIONS} connections | ${profileResult.requests.average.toFixed(0)} | ${profileResult.latency.p99} | ${profileResult.errors + profileResult.non2xx} |`,
      );
      say();
      say(
        `argon2id verifications in-process: ${(verified / 3).toFixed(1)} hashes/s per core (${cpus().length} cores here).`,
      );
      say();

      // Checkout: the plan list, and signed webhook events stored and applied (each a new event id).
      const origin = accountServer.origin;
      const plansResult = await autocannon({
        url: `${origin}/api/mms/payment/v1/providers/plans?country=GB`,
        connections: CONNECTIONS,
        duration: DURATION_S,
        headers: { "x-app-type": "501" },
      });
      const purchase = await (
        await fetch(`${origin}/api/mms/payment/v1/providers/ps/purchase`, {
          method: "POST",
          headers: { ...headers, authorization: `Bearer ${token}` },
          body: JSON.stringify({ plan_id: "1-month", currency: "USD", recasign: "x" }),
        })
      ).json();
      const orderId = purchase.data.value.order_id as string;
      let eventNumber = 0;
      const webhookResult = await autocannon({
        url: `${origin}/api/webhooks/sandbox`,
        method: "POST",
        connections: 10,
        duration: DURATION_S,
        requests: [
          {
            setupRequest: (req) => {
              const created = Math.floor(Date.now() / 1000);
              const body = JSON.stringify({
                id: `evt_bench_${eventNumber++}`,
                type: "payment_succeeded",
                order_id: orderId,
                subscription: `sub_${orderId}`,
                created,
                period_end: created + 30 * 86_400,
              });
              const signature = signSandboxPayload(BENCH_SANDBOX_SECRET, body, created);
              return {
                ...req,
                body,
                headers: { ...req.headers, "content-type": "application/json", "sandbox-signature": signature },
              };
            },
          },
        ],
      });
      say(`| checkout | req/s | p99 ms | errors + non-2xx |`);
      say(`|---|---:|---:|---:|`);
      say(
        `| plans (GBP), ${CONNECTIONS} connections | ${plansResult.requests.average.toFixed(0)} | ${plansResult.latency.p99} | ${plansResult.errors + plansResult.non2xx} |`,
      );
      say(
        `| webhook events stored and applied, 10 connections | ${webhookResult.requests.average.toFixed(0)} | ${webhookResult.latency.p99} | ${webhookResult.errors + webhookResult.non2xx} |`,
      );
      say();

      // geo_info over HTTP, each request from another public address (X-Forwarded-For, trusted here).
      let visitor = 0;
      const geoResult = await autocannon({
        url: `${origin}/api/mms/account/v1/geo_info`,
        method: "POST",
        connections: CONNECTIONS,
        duration: DURATION_S,
        requests: [
          {
            setupRequest: (req) => ({
              ...req,
              headers: { ...req.headers, "x-app-type": "501", "x-forwarded-for": publicAddress(visitor++) },
            }),
          },
        ],
      });
      say(`| geo | req/s | p99 ms | errors + non-2xx |`);
      say(`|---|---:|---:|---:|`);
      say(
        `| geo_info from varied public addresses, ${CONNECTIONS} connections | ${geoResult.requests.average.toFixed(0)} | ${geoResult.latency.p99} | ${geoResult.errors + geoResult.non2xx} |`,
      );
      say();

      // Analytics: batches of 20 page events as a browser's beacon sends them (no X-App-Type), each
      // from another public address, so the per-address limit stays out of the way.
      const EVENTS_PER_BATCH = 20;
      const batch = JSON.stringify({
        events: Array.from({ length: EVENTS_PER_BATCH }, (_, i) => ({
          event_name: i === 0 ? "page_show" : "scroll_depth",
          event_timestamp: Date.now(),
          front_id: `bench_front_${i}`,
          language: "en",
          device: "desktop",
          event_params: [
            { key: "page_path", value: "/pricing" },
            { key: "depth", value: i * 5 },
          ],
          attribution: { utm_source: "bench" },
        })),
      });
      let sender = 0;
      const analyticsResult = await autocannon({
        url: `${origin}/api/mms/analytics/v1/events`,
        method: "POST",
        connections: CONNECTIONS,
        duration: DURATION_S,
        body: batch,
        requests: [
          {
            setupRequest: (req) => ({
              ...req,
              headers: {
                ...req.headers,
                "content-type": "application/json",
                "sec-fetch-site": "same-origin",
                "x-forwarded-for": publicAddress(sender++),
              },
            }),
          },
        ],
      });
      say(`| analytics | batches/s | events/s | p99 ms | errors + non-2xx |`);
      say(`|---|---:|---:|---:|---:|`);
      say(
        `| events ingested, batches of ${EVENTS_PER_BATCH}, ${CONNECTIONS} connections | ${analyticsResult.requests.average.toFixed(0)} | ${(analyticsResult.requests.average * EVENTS_PER_BATCH).toFixed(0)} | ${analyticsResult.latency.p99} | ${analyticsResult.errors + analyticsResult.non2xx} |`,
      );
      say();
    }

    // Geo lookups in-process: city + ASN for spread-out IPv4 and IPv6 addresses.
    {
      const loadStarted = performance.now();
      const geo = GeoDatabase.load();
      const loadMs = performance.now() - loadStarted;
      const addresses = Array.from({ length: 10_000 }, (_, i) =>
        i % 4 === 3 ? `2a0${i % 10}:${(i * 7919).toString(16)}::${(i % 65535).toString(16)}` : publicAddress(i),
      );
      let lookups = 0;
      const started = performance.now();
      while (performance.now() - started < 2000) {
        for (let i = 0; i < 1000; i++) geo.lookup(addresses[lookups++ % addresses.length] as string);
      }
      const perSecond = lookups / ((performance.now() - started) / 1000);
      say(`## Geo lookups in-process`);
      say();
      say(
        `${(perSecond / 1000).toFixed(0)}k lookups/s on one core (city, ASN, time zone, hosting check); databases loaded in ${loadMs.toFixed(0)} ms.`,
      );
      say();
    }

    // 2. In-process render rate against returning the same bytes as a fixed string.
    const build = (await import(path.join(root, "build/server/index.js"))) as ServerBuild;
    const handler = createRequestHandler(build, "production");
    const renderUrl = `http://localhost${budgets.http.serverRendered}`;
    const context = {
      requestId: "bench",
      cspNonce: "bench-nonce",
      clientAddress: "127.0.0.1",
      publicOrigin: "http://localhost",
    };
    const fixed = await (await handler(new Request(renderUrl), context)).text();
    const rate = async (fn: () => Promise<unknown>) => {
      const until = performance.now() + 3_000;
      let count = 0;
      while (performance.now() < until) {
        await fn();
        count++;
      }
      return count / 3;
    };
    const renderRate = await rate(async () => (await handler(new Request(renderUrl), context)).text());
    const fixedRate = await rate(async () => new Response(fixed, { headers: { "content-type": "text/html" } }).text());
    say(`## In-process render (\`${budgets.http.serverRendered}\`)`);
    say();
    say(`| what | renders/s | ratio |`);
    say(`|---|---:|---:|`);
    say(`| React Router render | ${renderRate.toFixed(0)} | ${(renderRate / fixedRate).toFixed(4)} |`);
    say(`| same bytes as a fixed string | ${fixedRate.toFixed(0)} | 1 |`);
    say();
  }

  // 3. Page weight: every script and stylesheet a first visit loads in Chromium, gzipped.
  say(`## Page weight (gzipped JS and CSS each page loads) against bench/budgets.json`);
  say();
  say(`| page | kind | JS KB gz | budget | CSS KB gz | budget | inline loader data | verdict |`);
  say(`|---|---|---:|---:|---:|---:|---|---|`);
  // A signed-in page opens on the second server with a website session of the bench's account.
  const visits = new Map<string, PageVisit>();
  for (const [page, { signedIn }] of benchPages) {
    if (!signedIn) visits.set(page, { page, base });
    else if (accountServer)
      visits.set(page, { page, base: accountServer.origin, cookies: await accountServer.signIn() });
  }
  const weights = await measurePageWeights([...visits.values()], path.join(root, "build/client"));
  for (const [page, budget] of benchPages) {
    const weight = weights.get(page);
    if (!weight) throw new Error(`bench: no weight measured for ${page}`);
    const { inlineLoaderData } = weight;
    const js = weight.jsBytesGz;
    const css = weight.cssBytesGz;
    const misses = weightMisses(budget, { jsKbGz: js / 1000, cssKbGz: css / 1000, inlineLoaderData });
    overBudget ||= misses.length > 0;
    say(
      `| \`${page}\` | ${budget.kind} | ${(js / 1000).toFixed(1)} | ${budget.jsKbGz ?? ""} | ${(css / 1000).toFixed(1)} | ${budget.cssKbGz ?? ""} | ${inlineLoaderData ? "yes" : "no"} | ${misses.length === 0 ? "ok" : `**${misses.join(", ")}**`} |`,
    );
  }
  say();

  // 4. Lighthouse at the plain mobile preset, each content page beside its no-JS ceiling.
  if (wants("lighthouse")) {
    // A pause that lets the load tests' work die down before anything is timed.
    if (wants("http")) await new Promise((resolve) => setTimeout(resolve, 5_000));
    const lighthouseWithin = await lighthouseSection(
      base,
      benchPages.flatMap(([page, { kind }]) => {
        const visit = visits.get(page);
        return visit ? [{ visit, kind }] : [];
      }),
      budgets.lighthouse,
      say,
    );
    overBudget ||= !lighthouseWithin;
  }
  say(overBudget ? "**Result: over budget.**" : "Result: every page within budget.");
} finally {
  app.kill("SIGTERM");
  ceiling?.kill("SIGTERM");
  await Promise.all([once(app, "exit"), ceiling && once(ceiling, "exit"), accountServer?.close()]);
  rmSync(dataDir, { recursive: true, force: true });
}

writeFileSync(path.join(root, "bench/results/latest.md"), `${lines.join("\n")}\n`);
console.log("\nwritten to bench/results/latest.md");
process.exit(overBudget ? 1 : 0);
