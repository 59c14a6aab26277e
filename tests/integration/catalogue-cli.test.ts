import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/client";
import { catalogueChanges, plans, users } from "../../db/schema";
import { PRODUCTION_SETTINGS } from "../helpers/production-settings";
import { type SpawnedServer, spawnServer } from "../helpers/spawn-server";

const root = path.resolve(import.meta.dirname, "../..");
const serverBundle = path.join(root, "build/server.js");
const cli = path.join(root, "scripts/catalogue.mjs");
const TOKEN = "operator-token-for-cli-tests-0123456789";
const run = promisify(execFile);

let dataDir: string;
let server: SpawnedServer;
let origin: string;

/** `npm run catalogue -- ...args` against the started server: its exit code and output. */
async function catalogue(args: string[], env: Record<string, string> = { OPERATOR_TOKEN: TOKEN }) {
  try {
    const { stdout, stderr } = await run(process.execPath, [cli, ...args, "--origin", origin], {
      env: { PATH: process.env.PATH ?? "", ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

// A first production start, as an operator makes it: an empty database, then the CLI.
describe("a production start on an empty database, and npm run catalogue", { timeout: 120_000 }, () => {
  beforeAll(async () => {
    if (!existsSync(serverBundle)) throw new Error("build/server.js is missing: run `npm run build` first");
    dataDir = mkdtempSync(path.join(tmpdir(), "veilport-catalogue-cli-"));
    server = spawnServer([serverBundle], {
      NODE_ENV: "production",
      PAYMENT_MODE: "off",
      ...PRODUCTION_SETTINGS,
      PORT: "0",
      HOST: "127.0.0.1",
      STUN_PORT: "0",
      DATA_DIR: dataDir,
      OPERATOR_TOKEN: TOKEN,
    });
    const { port } = (await server.waitForLog((line) => line.msg === "listening")) as { port: number };
    origin = `http://127.0.0.1:${port}`;
  }, 120_000);
  afterAll(async () => {
    server?.child.kill("SIGTERM");
    await server?.exited;
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("seeds no demo catalogue, says in one line what to do, and sells nothing", async () => {
    expect(server.logs.some((line) => line.msg === "demo data seeded into the empty database")).toBe(false);
    const hints = server.logs.filter((line) => String(line.msg).startsWith("nothing is for sale yet"));
    expect(hints).toHaveLength(1);
    expect(hints[0]?.msg).toContain("npm run catalogue -- add-plan");
    const answer = await fetch(`${origin}/api/mms/payment/v1/providers/plans`, { headers: { "x-app-type": "501" } });
    expect((await answer.json()).data).toMatchObject({ plans: [], discount_percent: "0%" });
  });

  it("lists an empty catalogue, adds a plan, prices it, and the site sells it at that price", async () => {
    expect((await catalogue(["list"])).stdout).toContain("No plans: nothing is for sale yet");

    const added = await catalogue(["add-plan", "--id", "3-months", "--months", "3", "--devices", "6", "--ips", "2"]);
    expect(added.code).toBe(0);
    expect(added.stdout).toContain("3-months: 3 months, 6 devices, 2 IP addresses, order 0, visible, default");
    expect(added.stdout).toContain("no price yet: not for sale");
    // Not bought yet: its terms may change in any direction.
    const edited = await catalogue(["edit-plan", "3-months", "--devices", "7", "--order", "1"]);
    expect(edited.code).toBe(0);
    expect(edited.stdout).toContain("3-months: 3 months, 7 devices, 2 IP addresses, order 1, visible, default");

    const priced = await catalogue([
      "set-price",
      "--plan",
      "3-months",
      "--currency",
      "usd",
      "--list",
      "36",
      "--sale",
      "24.99",
    ]);
    expect(priced.code).toBe(0);
    expect(priced.stdout).toContain("USD 24.99, list 36.00, saves 30%");
    const mapped = await catalogue([
      "map-price-id",
      "--plan",
      "3-months",
      "--provider",
      "s1",
      "--price-id",
      "price_3m",
    ]);
    expect(mapped.stdout).toContain("price id at s1: price_3m");

    const answer = await fetch(`${origin}/api/mms/payment/v1/providers/plans?currency=USD`, {
      headers: { "x-app-type": "501" },
    });
    const { data } = await answer.json();
    expect(data.plans).toEqual([
      expect.objectContaining({ id: "3-months", price_amount: 24.99, discount_percent: "30%" }),
    ]);
    // A real 30% saving, lifted to the floor (SPEC §5's 59 by default).
    expect(data.discount_percent).toBe("59%");

    const listed = await catalogue(["list"]);
    expect(listed.stdout).toContain("3-months: 3 months");
    expect(listed.stdout).toContain('"Save up to" floor: 59%');
  });

  it("explains bad input, a missing option, an unknown command and a missing token", async () => {
    const tooDear = await catalogue([
      "set-price",
      "--plan",
      "3-months",
      "--currency",
      "USD",
      "--list",
      "9",
      "--sale",
      "10",
    ]);
    expect(tooDear.code).toBe(1);
    expect(tooDear.stderr).toContain("400 (40000)");
    expect(tooDear.stderr).toContain("sale_amount: must not be more than list_amount");

    const unknown = await catalogue(["hide-plan", "nope"]);
    expect([unknown.code, unknown.stderr.trim()]).toEqual([1, "catalogue: 404 (40400): no plan nope"]);

    const notMoney = await catalogue([
      "set-price",
      "--plan",
      "3-months",
      "--currency",
      "USD",
      "--list",
      "ten",
      "--sale",
      "9",
    ]);
    expect([notMoney.code, notMoney.stderr.trim()]).toEqual([
      2,
      'catalogue: --list must be an amount like 12.99 or 47, not "ten"',
    ]);
    const missing = await catalogue(["add-plan", "--id", "x"]);
    expect([missing.code, missing.stderr.trim()]).toEqual([
      2,
      "catalogue: add-plan needs --months  (npm run catalogue -- --help)",
    ]);
    const typo = await catalogue(["hide-plans", "x"]);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('unknown command "hide-plans"');
    const noToken = await catalogue(["list"], {});
    expect([noToken.code, noToken.stderr.trim()]).toEqual([
      1,
      "catalogue: set OPERATOR_TOKEN (the same value the server runs with)",
    ]);
    const wrongToken = await catalogue(["list"], { OPERATOR_TOKEN: "not-the-token" });
    expect([wrongToken.code, wrongToken.stderr.trim()]).toEqual([1, "catalogue: 401 (401): operator token required"]);
  });

  it("npm run coupons publishes a coupon for a plan, lists it and ends it", async () => {
    const coupons = (args: string[]) =>
      run(process.execPath, [path.join(root, "scripts/coupons.mjs"), ...args, "--origin", origin], {
        env: { PATH: process.env.PATH ?? "", OPERATOR_TOKEN: TOKEN },
      }).catch((error: { code: number; stdout: string; stderr: string }) => error);
    const created = await coupons([
      "create",
      "--code",
      "spring",
      "--amount",
      "2.50",
      "--currency",
      "usd",
      "--plans",
      "3-months",
      "--limit",
      "10",
    ]);
    expect(created.stdout.trim()).toBe("SPRING: USD 2.50 off, plans 3-months; 0 redeemed, limit 10");
    const unknownPlan = await coupons(["create", "--code", "WINTER", "--percent", "10", "--plans", "lifetime"]);
    expect(unknownPlan.stderr.trim()).toBe("coupons: 404 (40400): no plan lifetime");
    const both = await coupons(["create", "--code", "BOTH"]);
    expect(both.stderr.trim()).toBe("coupons: create needs --percent or --amount");
    const ended = await coupons(["end", "spring"]);
    expect(ended.stdout).toMatch(/^SPRING: USD 2\.50 off, plans 3-months; 0 redeemed, limit 10; until \d{4}-/);
    expect((await coupons(["list"])).stdout.trim().split("\n")).toHaveLength(1);
  });

  it("npm run vouchers creates a batch, prints its codes once and lists it", async () => {
    const vouchers = (args: string[]) =>
      run(process.execPath, [path.join(root, "scripts/vouchers.mjs"), ...args, "--origin", origin], {
        env: { PATH: process.env.PATH ?? "", OPERATOR_TOKEN: TOKEN },
      }).catch((error: { code: number; stdout: string; stderr: string }) => error);
    const created = await vouchers([
      "create",
      "--plan",
      "3-months",
      "--months",
      "3",
      "--count",
      "2",
      "--reseller",
      "Kiosk Nord",
    ]);
    expect(created.stderr).toMatch(
      /^batch \d+ \(Kiosk Nord\): 2 codes of 3 month\(s\) on 3-months; 0 redeemed; no expiry; by cli/,
    );
    expect(created.stdout.trim().split("\n")).toEqual([
      expect.stringMatching(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){4}$/),
      expect.stringMatching(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){4}$/),
    ]);
    const cardsFile = path.join(dataDir, "cards.pdf");
    const cards = await vouchers([
      "create",
      "--plan",
      "3-months",
      "--days",
      "30",
      "--count",
      "3",
      "--reseller",
      "Kiosk Süd",
      "--cards",
      cardsFile,
      "--locale",
      "fr",
    ]);
    expect(cards.stderr.trim()).toBe(`3 voucher cards of 3-months for Kiosk Süd written to ${cardsFile}`);
    expect(cards.stdout).toBe("");
    const printed = await run("pdftotext", [cardsFile, "-"]);
    expect(printed.stdout).toContain("Bon VPN prépayé");
    expect(printed.stdout.match(/[0-9A-Z]{4}(-[0-9A-Z]{4}){4}/g)).toHaveLength(3);
    const badLocale = await vouchers([
      ...["create", "--plan", "3-months", "--days", "1", "--count", "1"],
      ...["--reseller", "X", "--cards", cardsFile, "--locale", "xx"],
    ]);
    expect(badLocale.stderr).toMatch(/^vouchers: 400 \(40000\)/);
    const noPeriod = await vouchers(["create", "--plan", "3-months", "--count", "1", "--reseller", "X"]);
    expect(noPeriod.stderr.trim()).toBe("vouchers: create needs --months or --days");
    expect((await vouchers(["list"])).stdout.trim().split("\n")).toHaveLength(2);
  });

  it("leaves no demo user, and the audit log says the CLI made each change", async () => {
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    const database = await openDatabase({ dataDir });
    try {
      expect(await database.db.select().from(users)).toEqual([]);
      expect((await database.db.select().from(plans)).map((plan) => plan.id)).toEqual(["3-months"]);
      const changes = await database.db.select().from(catalogueChanges).orderBy(catalogueChanges.id);
      expect(changes.map((change) => [change.action, change.actor])).toEqual([
        ["add-plan", "cli"],
        ["edit-plan", "cli"],
        ["set-price", "cli"],
        ["map-price-id", "cli"],
      ]);
    } finally {
      await database.close();
    }
  });
});
