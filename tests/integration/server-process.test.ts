import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createPasswordlessAccount } from "../../core/auth/accounts";
import { createOrder } from "../../core/billing/orders";
import { SANDBOX_SIGNATURE_HEADER, signSandboxPayload } from "../../core/billing/providers/sandbox-signature";
import { seedDemoData } from "../../core/demo/seed";
import { orders, subscriptions, webhookEvents } from "../../db/schema";
import { spawnServer } from "../helpers/spawn-server";
import { testDatabaseTargets } from "../helpers/test-databases";

const root = path.resolve(import.meta.dirname, "../..");
const serverBundle = path.join(root, "build/server.js");
const tsx = path.join(root, "node_modules/tsx/dist/cli.mjs");
let dataDir: string;

beforeAll(() => {
  if (!existsSync(serverBundle))
    throw new Error("build/server.js is missing: run `npm run build` first (npm test does)");
  dataDir = mkdtempSync(path.join(tmpdir(), "veilport-process-"));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const listening = (line: Record<string, unknown>) => line.msg === "listening";

// Each test starts the built server (migrate, seed, listen): up to a minute on a loaded 2-core machine.
describe("the production server process", { timeout: 120_000 }, () => {
  it("creates its data directory, serves pages, stops on SIGTERM and keeps its data", async () => {
    const env = { PORT: "0", HOST: "127.0.0.1", DATA_DIR: path.join(dataDir, "data"), STUN_PORT: "0" };
    const first = spawnServer([serverBundle], env);
    const { port } = await first.waitForLog(listening);
    const home = await fetch(`http://127.0.0.1:${port}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("<html");
    expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
    // Production never seeds the demo catalogue (decision 025): it says what to do instead.
    expect(first.logs.some((line) => line.msg === "demo data seeded into the empty database")).toBe(false);
    expect(first.logs.some((line) => String(line.msg).startsWith("nothing is for sale yet"))).toBe(true);

    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);
    expect(first.logs.some((line) => line.msg === "stopped")).toBe(true);

    const second = spawnServer([serverBundle], env);
    await second.waitForLog(listening);
    expect(second.logs.some((line) => line.msg === "demo data seeded into the empty database")).toBe(false);
    second.child.kill("SIGINT");
    expect(await second.exited).toBe(0);
  });

  it("refuses to start on a bad setting, with one line naming the variable", async () => {
    const server = spawnServer([serverBundle], { PORT: "eighty", DATA_DIR: path.join(dataDir, "unused") });
    expect(await server.exited).toBe(78);
    expect(server.stderr).toEqual([expect.stringMatching(/^Invalid configuration: PORT /)]);
    expect(existsSync(path.join(dataDir, "unused"))).toBe(false);
  });

  it("refuses to start when a mapped processor has no keys, with one line naming the variable (decision 048)", async () => {
    const server = spawnServer([serverBundle], {
      PAYMENT_MODE: "live",
      STRIPE_SECRET_KEY: "sk_live_secretvalue",
      STRIPE_WEBHOOK_SECRET: "whsec_secretvalue",
      PAYMENT_PROVIDERS: "s1=stripe,pd=paddle",
      DATA_DIR: path.join(dataDir, "unmapped"),
    });
    expect(await server.exited).toBe(78);
    expect(server.stderr).toEqual([
      "Invalid configuration: PAYMENT_PROVIDERS maps pd to paddle, which has no keys in PAYMENT_MODE=live: set PADDLE_API_KEY and PADDLE_WEBHOOK_SECRET",
    ]);
    expect(existsSync(path.join(dataDir, "unmapped"))).toBe(false);
  });

  it("reads .env from its working directory, where the environment wins, and names a misspelt variable", async () => {
    const cwd = path.join(dataDir, "operator");
    mkdirSync(cwd);
    writeFileSync(
      path.join(cwd, ".env"),
      [
        "# as an operator writes it",
        "PORT=1",
        "DATA_DIR=./data-from-dotenv",
        'MAIL_FROM="Example VPN <no-reply@vpn.example.test>"',
        "SUPORT_EMAIL=help@vpn.example.test",
      ].join("\n"),
    );
    // ENV_FILE empty: the default, .env in the working directory (spawnServer names none otherwise).
    const server = spawnServer([serverBundle], { ENV_FILE: "", PORT: "0", HOST: "127.0.0.1", STUN_PORT: "0" }, { cwd });
    const { port } = await server.waitForLog(listening);
    expect(port).not.toBe(1);
    expect(existsSync(path.join(cwd, "data-from-dotenv"))).toBe(true);
    expect(server.logs).toContainEqual(expect.objectContaining({ envFile: path.join(cwd, ".env") }));
    expect(server.logs).toContainEqual(
      expect.objectContaining({
        level: 40, // warn
        variable: "SUPORT_EMAIL",
        meant: "SUPPORT_EMAIL",
        msg: "SUPORT_EMAIL is not a setting: did you mean SUPPORT_EMAIL?",
      }),
    );
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
  });

  it("names a misspelt variable before the error it explains, and stops on a missing ENV_FILE", async () => {
    const envFile = path.join(dataDir, "misspelt.env");
    writeFileSync(envFile, `PAYMENT_MOD=off\nDATA_DIR=${path.join(dataDir, "never")}\n`);
    const misspelt = spawnServer([serverBundle], { ENV_FILE: envFile, PAYMENT_MODE: "" });
    expect(await misspelt.exited).toBe(78);
    expect(misspelt.stderr).toEqual([
      "PAYMENT_MOD is not a setting: did you mean PAYMENT_MODE?",
      expect.stringMatching(/^Invalid configuration: PAYMENT_MODE is live /),
    ]);

    const missing = spawnServer([serverBundle], { ENV_FILE: path.join(dataDir, "missing.env") });
    expect(await missing.exited).toBe(78);
    expect(missing.stderr).toEqual([
      `Invalid configuration: ENV_FILE names ${path.join(dataDir, "missing.env")}, which cannot be read (ENOENT)`,
    ]);
    expect(existsSync(path.join(dataDir, "never"))).toBe(false);
  });

  it("finishes a request in flight when SIGTERM arrives, then exits", async () => {
    const env = { PORT: "0", HOST: "127.0.0.1", DATA_DIR: path.join(dataDir, "slow"), STUN_PORT: "0" };
    const server = spawnServer([tsx, path.join(root, "tests/fixtures/slow-page-server.ts")], env);
    const { port } = await server.waitForLog(listening);

    const inFlight = fetch(`http://127.0.0.1:${port}/slow`);
    await server.waitForLog((line) => line.msg === "slow page started");
    server.child.kill("SIGTERM");
    await server.waitForLog((line) => String(line.msg).startsWith("shutting down"));

    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("slow page finished");
    expect(await server.exited).toBe(0);
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  });

  // A real crash at the worst moment: the webhook's event is stored and committed, its processing
  // is under way (held up by a lock another session takes), and the process is killed with SIGKILL.
  // Needs two sessions on one database, so PostgreSQL only (CI provides it).
  const postgres = testDatabaseTargets().find((target) => target.name === "postgres");
  it.runIf(postgres)(
    "applies on restart a payment event stored just before the process was killed",
    async () => {
      const database = await postgres!.open();
      const blocker = new pg.Client({ connectionString: database.url });
      try {
        await seedDemoData(database.db, { withDemoUser: false });
        const account = await createPasswordlessAccount(database.db, "crash@example.com", "en");
        const orderId = await createOrder(database.db, {
          userId: account!.id,
          planId: "1-year",
          provider: "ps",
          processor: "sandbox",
          environment: "sandbox",
          currency: "USD",
          amountMinor: 4788,
          clientInfo: {},
        });
        const secret = "crash-test-webhook-secret";
        const env = {
          PORT: "0",
          HOST: "127.0.0.1",
          DATABASE_URL: database.url!,
          // The sandbox exists outside production only.
          NODE_ENV: "test",
          PAYMENT_MODE: "sandbox",
          SANDBOX_WEBHOOK_SECRET: secret,
          STUN_PORT: "0",
        };
        const first = spawnServer([serverBundle], env);
        const { port } = await first.waitForLog(listening);

        await blocker.connect();
        await blocker.query("begin");
        await blocker.query("lock table subscriptions in access exclusive mode");
        const created = Math.floor(Date.now() / 1000);
        const body = JSON.stringify({
          id: "evt_killed",
          type: "payment_succeeded",
          order_id: orderId,
          subscription: `sub_${orderId}`,
          created,
          period_end: created + 365 * 86_400,
          amount: 4788,
          currency: "USD",
          plan_id: "1-year",
        });
        const delivery = fetch(`http://127.0.0.1:${port}/api/webhooks/sandbox`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(secret, body, created),
          },
          body,
        }).then(
          (response) => response.status,
          () => "connection lost",
        );
        // Stored and committed; the server's transaction is waiting for the lock.
        await vi.waitFor(
          async () => {
            const waiting = await database.db.execute(
              sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
            );
            // The webhook's transaction, and any background job of the process that reads subscriptions.
            expect((waiting as unknown as { rows: Array<{ n: number }> }).rows[0]?.n).toBeGreaterThanOrEqual(1);
            expect(await database.db.select().from(webhookEvents)).toHaveLength(1);
          },
          { timeout: 15_000, interval: 50 },
        );
        first.child.kill("SIGKILL");
        expect(await first.exited).toBeNull();
        expect(await delivery).toBe("connection lost");
        await blocker.query("rollback");

        const [stored] = await database.db.select().from(webhookEvents);
        expect(stored?.processedAt).toBeNull();
        expect((await database.db.select().from(orders).where(eq(orders.id, orderId)))[0]?.status).toBe("pending");

        const second = spawnServer([serverBundle], env);
        await second.waitForLog(listening);
        expect(second.logs.find((line) => line.msg === "applied payment events left unprocessed")).toMatchObject({
          recovered: 1,
        });
        expect((await database.db.select().from(orders).where(eq(orders.id, orderId)))[0]?.status).toBe("active");
        const granted = await database.db.select().from(subscriptions);
        expect(granted).toHaveLength(1);
        expect(granted[0]).toMatchObject({ status: "active", userId: account!.id });
        second.child.kill("SIGTERM");
        expect(await second.exited).toBe(0);
      } finally {
        await blocker.end().catch(() => undefined);
        await database.close();
      }
    },
    60_000,
  );
});
