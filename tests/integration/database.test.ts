import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { verifyPassword } from "../../core/auth/hash-password";
import { DEMO_USER, seedDemoData } from "../../core/demo/seed";
import { type DatabaseHandle, openDatabase } from "../../db/client";
import { appMeta, orders, planPrices, plans, users } from "../../db/schema";
import { testDatabaseTargets } from "../helpers/test-databases";

describe.each(testDatabaseTargets())("database on $name", (target) => {
  let handle: DatabaseHandle | undefined;
  afterEach(async () => {
    await handle?.close();
    handle = undefined;
  });

  it("migrates an empty database to the committed schema, and again without change", async () => {
    handle = await target.open();
    await handle.migrate();
    const result = (await handle.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    )) as unknown as { rows: Array<{ table_name: string }> };
    expect(result.rows.map((row) => row.table_name)).toEqual([
      "analytics_events",
      "app_meta",
      "auth_challenges",
      "billing_profiles",
      "bound_ips",
      "captcha_replays",
      "catalogue_changes",
      "contact_report_replies",
      "contact_reports",
      "coupon_redemptions",
      "coupons",
      "devices",
      "dns_leak_observations",
      "email_changes",
      "invite_codes",
      "invite_rewards",
      "login_failures",
      "mail_outbox",
      "orders",
      "passkeys",
      "plan_prices",
      "plan_provider_products",
      "plans",
      "rate_limits",
      "recovery_codes",
      "remote_config",
      "route_rules",
      "sandbox_deliveries",
      "sandbox_payments",
      "security_events",
      "session_reauthentications",
      "sessions",
      "staff_audit",
      "staff_invitations",
      "staff_members",
      "subscription_notices",
      "subscriptions",
      "totp_secrets",
      "users",
      "verification_codes",
      "voucher_batches",
      "voucher_codes",
      "webhook_events",
      "wireguard_peer_changes",
      "wireguard_peers",
    ]);
    // The plan switcher's columns (decision 037): a switched plan's price and a switch at the renewal.
    const switchColumns = (await handle.db.execute(
      sql`select column_name from information_schema.columns where table_name = 'subscriptions' and column_name in ('plan_amount', 'scheduled_plan_id', 'scheduled_plan_amount') order by column_name`,
    )) as unknown as { rows: Array<{ column_name: string }> };
    expect(switchColumns.rows.map((row) => row.column_name)).toEqual([
      "plan_amount",
      "scheduled_plan_amount",
      "scheduled_plan_id",
    ]);
    await handle.ping();
  });

  it.runIf(target.name === "postgres")("survives the server closing an idle connection", async () => {
    handle = await target.open();
    await handle.ping();
    // Another session ends every other connection to this database, as a restart or failover would.
    await handle.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
    );
    await handle.ping();
    await handle.ping();
  });

  it("seeds the demo plans and user once, leaving later edits alone", async () => {
    handle = await target.open();
    expect(await seedDemoData(handle.db, { withDemoUser: true })).toBe(true);

    const seededPlans = await handle.db.select().from(plans).orderBy(plans.sortOrder);
    expect(seededPlans.map((plan) => [plan.id, plan.months])).toEqual([
      ["2-years", 24],
      ["1-year", 12],
      ["1-month", 1],
    ]);
    const prices = await handle.db.select().from(planPrices);
    expect(new Set(prices.map((price) => price.currency))).toEqual(new Set(["USD", "AUD", "CAD", "GBP", "EUR"]));
    expect(prices).toHaveLength(15);

    const [demo] = await handle.db.select().from(users);
    expect(demo?.email).toBe(DEMO_USER.email);
    expect(demo?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(demo?.passwordHash ?? "", DEMO_USER.password)).toBe(true);

    // The operator deletes a plan; a restart must not bring it back.
    await handle.db.delete(plans).where(sql`${plans.id} = '1-month'`);
    expect(await seedDemoData(handle.db, { withDemoUser: true })).toBe(false);
    expect(await handle.db.select().from(plans)).toHaveLength(2);
    expect(await handle.db.select().from(users)).toHaveLength(1);
    expect(await handle.db.select().from(appMeta)).toHaveLength(1);
  });

  it("keeps an order when its account is deleted, unlinked, and stores no account with analytics (decision 041)", async () => {
    handle = await target.open();
    await seedDemoData(handle.db, { withDemoUser: false });
    const [buyer] = await handle.db.insert(users).values({ email: "gone@example.com" }).returning();
    await handle.db.insert(orders).values({
      id: "ord_kept",
      userId: buyer!.id,
      planId: "1-year",
      provider: "s1",
      processor: "stripe",
      currency: "USD",
      amount: 4999,
      country: "DE",
    });
    await handle.db.delete(users).where(eq(users.id, buyer!.id));
    const [order] = await handle.db.select().from(orders).where(eq(orders.id, "ord_kept"));
    expect(order).toMatchObject({ userId: null, amount: 4999, country: "DE" });
    const columns = (await handle.db.execute(
      sql`select column_name from information_schema.columns where table_name = 'analytics_events'`,
    )) as unknown as { rows: Array<{ column_name: string }> };
    expect(columns.rows.map((row) => row.column_name)).not.toContain("user_id");
  });

  it("seeds no demo user when told not to (the plans-only seed other tests use)", async () => {
    handle = await target.open();
    await seedDemoData(handle.db, { withDemoUser: false });
    expect(await handle.db.select().from(users)).toHaveLength(0);
    expect(await handle.db.select().from(plans)).toHaveLength(3);
  });

  it("lets only one of several concurrent starts apply the seed", async () => {
    handle = await target.open();
    const db = handle.db;
    const outcomes = await Promise.allSettled([1, 2, 3].map(() => seedDemoData(db, { withDemoUser: false })));
    const applied = outcomes.filter((outcome) => outcome.status === "fulfilled" && outcome.value === true);
    expect(applied).toHaveLength(1);
    expect(await db.select().from(planPrices)).toHaveLength(15);
  });
});

describe("embedded database directory", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  // Two fresh PGlite instances on disk (initdb, migrations, reopen): longer than the default on a busy machine.
  it("is created on first open and keeps its data across reopen", { timeout: 90_000 }, async () => {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), "veilport-db-")), "nested", "data");
    dirs.push(path.dirname(path.dirname(dataDir)));

    const first = await openDatabase({ dataDir });
    await first.migrate();
    await first.db.insert(users).values({ email: "kept@example.com" });
    await first.close();

    const second = await openDatabase({ dataDir });
    await second.migrate();
    const rows = await second.db.select().from(users);
    await second.close();
    expect(rows.map((row) => row.email)).toEqual(["kept@example.com"]);
  });
});
