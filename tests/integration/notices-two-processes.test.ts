import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_NOTICE_SETTINGS, type NoticeKind } from "../../core/billing/notice-due";
import { sendDueNotices } from "../../core/billing/send-notices";
import { seedDemoData } from "../../core/demo/seed";
import { type DatabaseHandle, openDatabase } from "../../db/client";
import { mailOutbox, orders, subscriptionNotices, subscriptions, users } from "../../db/schema";
import { type TestDatabase, testDatabaseTargets } from "../helpers/test-databases";

// Two app processes on one PostgreSQL, each with its own connection pool and scheduler, racing
// over the same due notices: every notice goes out exactly once. PGlite has one connection, so
// this needs a real server (TEST_DATABASE_URL).
const postgres = testDatabaseTargets().find((target) => target.name === "postgres");
const DAY_MS = 86_400_000;
const NOW = new Date("2027-01-10T09:00:00Z");

describe.skipIf(!postgres)("notices with two processes on PostgreSQL", () => {
  let first: TestDatabase;
  let second: DatabaseHandle;

  beforeAll(async () => {
    first = await (postgres as NonNullable<typeof postgres>).open();
    second = await openDatabase({ databaseUrl: String(first.url), poolSize: 4 });
    await seedDemoData(first.db, { withDemoUser: false });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  /** A paid subscription of `plan`, its period ending `days` after NOW. */
  const subscription = async (n: number, plan: string, days: number, state: { status: string; autoRenew: boolean }) => {
    const [user] = await first.db
      .insert(users)
      .values({ email: `racer${n}@example.com`, locale: "en" })
      .returning();
    const orderId = `race-${n}`;
    await first.db.insert(orders).values({
      id: orderId,
      userId: Number(user?.id),
      planId: plan,
      provider: "ps",
      processor: "sandbox",
      currency: "USD",
      amount: 4788,
      status: "paid",
      clientInfo: JSON.stringify({ language: "en", site_origin: "https://vpn.example" }),
    });
    await first.db.insert(subscriptions).values({
      userId: Number(user?.id),
      planId: plan,
      orderId,
      provider: "ps",
      processor: "sandbox",
      providerSubscriptionId: `sub_${orderId}`,
      currentPeriodEnd: new Date(NOW.getTime() + days * DAY_MS),
      ...state,
    });
  };

  it("sends each due notice exactly once while both schedulers run at the same time", async () => {
    const due: NoticeKind[] = [];
    for (let n = 0; n < 8; n++) {
      await subscription(n, "1-year", 3, { status: "active", autoRenew: true });
      due.push("renewal");
    }
    for (let n = 8; n < 12; n++) {
      await subscription(n, "2-years", 5, { status: "canceled", autoRenew: false });
      due.push("expiry");
    }
    for (let n = 12; n < 16; n++) {
      await subscription(n, "1-month", -2, { status: "past_due", autoRenew: true });
      due.push("payment_failed");
    }
    // Not due: a short plan renewing, an annual plan renewing in a month.
    await subscription(16, "1-month", 3, { status: "active", autoRenew: true });
    await subscription(17, "1-year", 30, { status: "active", autoRenew: true });

    const scheduler = (db: DatabaseHandle["db"]) =>
      sendDueNotices({ db, settings: DEFAULT_NOTICE_SETTINGS, now: () => NOW, siteOrigin: "" });
    const runs = await Promise.all([first.db, second.db, first.db, second.db, first.db, second.db].map(scheduler));

    const queued = runs.flatMap((run) => run.queued);
    expect(queued.sort()).toEqual(due.sort());
    // Both processes did some of the work, or one did all of it: either way, once each.
    const [notices] = await first.db.select({ n: count() }).from(subscriptionNotices);
    const [mails] = await first.db.select({ n: count() }).from(mailOutbox);
    expect(notices?.n).toBe(16);
    expect(mails?.n).toBe(16);
    const perRecipient = await first.db
      .select({ to: mailOutbox.to, n: count() })
      .from(mailOutbox)
      .groupBy(mailOutbox.to);
    expect(perRecipient.every((row) => row.n === 1)).toBe(true);
    expect(perRecipient.map((row) => row.to)).not.toContain("racer16@example.com");

    // Running again, later the same day: nothing more.
    const again = await Promise.all([first.db, second.db].map(scheduler));
    expect(again.flatMap((run) => run.queued)).toEqual([]);
    const [mail] = await first.db.select().from(mailOutbox).where(eq(mailOutbox.to, "racer12@example.com"));
    expect(mail?.text).toContain("https://vpn.example/myaccount/payment-method?subscription=");
  });
});
