import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_NOTICE_SETTINGS } from "../../core/billing/notice-due";
import { paymentMethodPage } from "../../core/billing/payment-method";
import { sandboxProcessor } from "../../core/billing/providers/sandbox";
import { SANDBOX_SIGNATURE_HEADER, signSandboxPayload } from "../../core/billing/providers/sandbox-signature";
import { siteOriginOf } from "../../core/billing/receipt";
import { sendDueNotices } from "../../core/billing/send-notices";
import { noCaptchaVerifier } from "../../core/captcha/remote-captcha";
import { seedDemoData } from "../../core/demo/seed";
import type { DatabaseHandle } from "../../db/client";
import { mailOutbox, orders, subscriptionNotices, subscriptions } from "../../db/schema";
import { formatDate, formatPrice } from "../../universal/i18n/format";
import { apiClient } from "../helpers/api-client";
import { createTestApp } from "../helpers/test-app";
import { testDatabaseTargets } from "../helpers/test-databases";

// The scheduler's notices with the clock moved: each due once, in the buyer's language, with its link.
const SECRET = "sandbox-test-secret";
const SITE = "https://vpn.example";
const WEB = "/api/mms/payment/v1/web";
const DAY_MS = 86_400_000;
const seconds = () => Math.floor(Date.now() / 1000);

describe.each(testDatabaseTargets())("subscription notices on $name", (target) => {
  let database: DatabaseHandle;
  let app: ReturnType<typeof createTestApp>;
  let call: ReturnType<typeof apiClient>;
  let sandbox: ReturnType<typeof sandboxProcessor>;

  beforeEach(async () => {
    database = await target.open();
    await seedDemoData(database.db, { withDemoUser: false });
    sandbox = sandboxProcessor(database.db, { secret: SECRET, origin: SITE });
    app = createTestApp(database, { deps: { captcha: noCaptchaVerifier(), sandbox } });
    call = apiClient(app);
  });
  afterEach(async () => database.close());

  /** A buyer of `plan` in `language`, paid now through the sandbox's signed webhook; the period ends in `days`. */
  const subscriber = async (email: string, plan: string, language: string, days: number) => {
    const signup = await call("POST", "/api/mms/account/v1/web/anonymous_signup", {
      appType: "101",
      body: { email, recasign: "t" },
    });
    const token = String(signup.body.data?.token);
    const started = await call("POST", "/api/mms/payment/v1/providers/ps/purchase", {
      appType: "101",
      token,
      body: { plan_id: plan, currency: "USD", recasign: "t", client_info: { language } },
    });
    const orderId = String((started.body.data?.value as { order_id?: string } | undefined)?.order_id);
    const [order] = await database.db.select().from(orders).where(eq(orders.id, orderId));
    const raw = JSON.stringify({
      id: `evt_${orderId}`,
      type: "payment_succeeded",
      order_id: orderId,
      subscription: `sub_${orderId}`,
      created: seconds(),
      period_end: seconds() + days * 86_400,
      amount: order?.amount,
      currency: "USD",
      plan_id: plan,
    });
    await deliver(raw);
    const [sub] = await database.db.select().from(subscriptions).where(eq(subscriptions.orderId, orderId));
    if (!sub?.currentPeriodEnd) throw new Error("the purchase made no subscription");
    // Where the buyer bought (the order records it): the site the mails link to.
    const site = siteOriginOf(order?.clientInfo ?? "{}") ?? "";
    expect(site).toMatch(/^https?:\/\//);
    return { token, orderId, id: sub.id, periodEnd: sub.currentPeriodEnd, amount: Number(order?.amount), site };
  };
  const deliver = async (raw: string) => {
    const answer = await app.request("/api/webhooks/sandbox", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(SECRET, raw, seconds()),
      },
      body: raw,
    });
    expect(answer.status).toBe(200);
  };
  /** The sandbox's own webhooks (a failed renewal, a card update), delivered to the app. */
  const deliverSandboxEvents = () =>
    sandbox.deliverDue("http://app/api/webhooks/sandbox", (async (url: string, init?: RequestInit) =>
      app.request(new URL(url).pathname, init)) as typeof fetch);

  const runAt = (at: Date) =>
    sendDueNotices({ db: database.db, settings: DEFAULT_NOTICE_SETTINGS, now: () => at, siteOrigin: "" });
  const mailsTo = (to: string) => database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
  const daysBefore = (end: Date, days: number) => new Date(end.getTime() - days * DAY_MS);

  it("mails the renewal notice once, 7 days before an annual plan renews: amount, date, link to the renewal switch", async () => {
    const buyer = await subscriber("annual@example.com", "1-year", "de", 365);
    const receipts = (await mailsTo("annual@example.com")).length;

    expect((await runAt(daysBefore(buyer.periodEnd, 8))).queued).toEqual([]);
    expect((await runAt(daysBefore(buyer.periodEnd, 6))).queued).toEqual(["renewal"]);
    expect((await runAt(daysBefore(buyer.periodEnd, 5))).queued).toEqual([]);
    expect((await runAt(daysBefore(buyer.periodEnd, 1))).queued).toEqual([]);

    const mails = (await mailsTo("annual@example.com")).slice(receipts);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.subject).toMatch(/verlängert sich am/);
    expect(mail?.text).toContain(`${formatPrice(buyer.amount, "USD", "de")} USD`);
    expect(mail?.text).toContain(formatDate(buyer.periodEnd, "de"));
    expect(mail?.text).toContain(`${buyer.site}/de/myaccount#subscription`);
    expect(mail?.html).toContain(`href="${buyer.site}/de/myaccount#subscription"`);
    expect(mail?.html).toContain(`lang="de-DE"`);
  });

  it("states what the renewal will charge after a plan switch, and for a switch scheduled for it", async () => {
    const buyer = await subscriber("switched@example.com", "1-year", "en", 365);
    const receipts = (await mailsTo("switched@example.com")).length;
    await database.db.update(subscriptions).set({ planAmount: 5_000 }).where(eq(subscriptions.id, buyer.id));
    expect((await runAt(daysBefore(buyer.periodEnd, 6))).queued).toEqual(["renewal"]);
    const [mail] = (await mailsTo("switched@example.com")).slice(receipts);
    expect(mail?.text).toContain(`${formatPrice(5_000, "USD", "en")} USD`);

    await database.db
      .update(subscriptions)
      .set({ scheduledPlanId: "2-years", scheduledPlanAmount: 7_000 })
      .where(eq(subscriptions.id, buyer.id));
    await database.db.delete(subscriptionNotices);
    expect((await runAt(daysBefore(buyer.periodEnd, 5))).queued).toEqual(["renewal"]);
    const [scheduled] = (await mailsTo("switched@example.com")).slice(receipts + 1);
    expect(scheduled?.text).toContain(`${formatPrice(7_000, "USD", "en")} USD`);
  });

  it("gives a 1-month plan no renewal notice", async () => {
    const buyer = await subscriber("monthly@example.com", "1-month", "en", 30);
    expect((await runAt(daysBefore(buyer.periodEnd, 3))).queued).toEqual([]);
  });

  it("after renewal is turned off: the expiry notice with a link to the plans, never the renewal notice", async () => {
    const buyer = await subscriber("ending@example.com", "1-year", "fr", 365);
    const off = await call("POST", `${WEB}/subscription_cancel`, {
      appType: "101",
      token: buyer.token,
      body: { id: buyer.id },
    });
    expect(off.body.data).toMatchObject({ auto_renew: false });
    const receipts = (await mailsTo("ending@example.com")).length;

    expect((await runAt(daysBefore(buyer.periodEnd, 6))).queued).toEqual(["expiry"]);
    expect((await runAt(daysBefore(buyer.periodEnd, 2))).queued).toEqual([]);
    const [mail, ...more] = (await mailsTo("ending@example.com")).slice(receipts);
    expect(more).toEqual([]);
    expect(mail?.subject).toMatch(/se termine le/);
    expect(mail?.text).toContain(`${buyer.site}/fr/pricing`);
    const kinds = await database.db
      .select({ kind: subscriptionNotices.kind })
      .from(subscriptionNotices)
      .where(eq(subscriptionNotices.subscriptionId, buyer.id));
    expect(kinds).toEqual([{ kind: "expiry" }]);
  });

  it("sends nothing for a plan refunded within the money-back window", async () => {
    const buyer = await subscriber("refunded@example.com", "1-year", "en", 365);
    const refund = await call("POST", `${WEB}/refund`, {
      appType: "101",
      token: buyer.token,
      body: { order_id: buyer.orderId },
    });
    expect(refund.status).toBe(200);
    const [ended] = await database.db.select().from(subscriptions).where(eq(subscriptions.id, buyer.id));
    expect(ended?.status).toBe("expired");
    expect((await runAt(daysBefore(buyer.periodEnd, 3))).queued).toEqual([]);
    expect((await runAt(new Date())).queued).toEqual([]);
  });

  it("a failed renewal: one mail linking to the payment-method page, which the processor gives; a new card renews", async () => {
    const buyer = await subscriber("failed@example.com", "1-year", "ar", 365);
    const receipts = (await mailsTo("failed@example.com")).length;
    const [order] = await database.db.select().from(orders).where(eq(orders.id, buyer.orderId));
    const charge = {
      orderId: buyer.orderId,
      months: 12,
      amountMinor: Number(order?.amount),
      currency: "USD",
      planId: "1-year",
    };
    await sandbox.failRenewal(charge);
    expect(await deliverSandboxEvents()).toBe(1);
    const [pastDue] = await database.db.select().from(subscriptions).where(eq(subscriptions.id, buyer.id));
    expect(pastDue?.status).toBe("past_due");

    const now = new Date();
    expect((await runAt(now)).queued).toEqual(["payment_failed"]);
    expect((await runAt(new Date(now.getTime() + DAY_MS))).queued).toEqual([]);
    const [mail, ...more] = (await mailsTo("failed@example.com")).slice(receipts);
    expect(more).toEqual([]);
    const link = `${buyer.site}/ar/myaccount/payment-method?subscription=${buyer.id}`;
    expect(mail?.text).toContain(link);
    expect(mail?.html).toContain('dir="rtl"');
    expect(mail?.subject).toContain("لم تنجح");

    // The link's page: the processor's, for this subscription only.
    const page = await paymentMethodPage(
      { db: database.db, processorFor: (name) => (name === "sandbox" ? sandbox : null) },
      { userId: pastDue?.userId ?? 0, subscriptionId: null, returnUrl: `${SITE}/ar/myaccount` },
    );
    expect(page).toEqual({ ok: true, url: `${SITE}/sandbox/payment-method/sub_${buyer.orderId}` });
    const foreign = await paymentMethodPage(
      { db: database.db, processorFor: () => sandbox },
      { userId: (pastDue?.userId ?? 0) + 1000, subscriptionId: buyer.id, returnUrl: SITE },
    );
    expect(foreign).toEqual({ ok: false, reason: "not_found" });

    const declined = await app.request(`/sandbox/payment-method/sub_${buyer.orderId}`, {
      method: "POST",
      body: new URLSearchParams({ card: "4000 0000 0000 0002" }),
    });
    expect(declined.status).toBe(400);
    const saved = await app.request(`/sandbox/payment-method/sub_${buyer.orderId}`, {
      method: "POST",
      body: new URLSearchParams({ card: "4242 4242 4242 4242" }),
    });
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe("/ar/myaccount");
    expect(await deliverSandboxEvents()).toBe(1);
    const [renewed] = await database.db.select().from(subscriptions).where(eq(subscriptions.id, buyer.id));
    expect(renewed?.status).toBe("active");
  });

  it("tells again about the next period, once", async () => {
    const buyer = await subscriber("yearly@example.com", "1-year", "en", 365);
    expect((await runAt(daysBefore(buyer.periodEnd, 6))).queued).toEqual(["renewal"]);
    const nextEnd = new Date(buyer.periodEnd.getTime() + 365 * DAY_MS);
    await database.db.update(subscriptions).set({ currentPeriodEnd: nextEnd }).where(eq(subscriptions.id, buyer.id));
    expect((await runAt(daysBefore(nextEnd, 6))).queued).toEqual(["renewal"]);
    expect((await runAt(daysBefore(nextEnd, 5))).queued).toEqual([]);
    const notices = await database.db
      .select()
      .from(subscriptionNotices)
      .where(and(eq(subscriptionNotices.subscriptionId, buyer.id), eq(subscriptionNotices.kind, "renewal")));
    expect(notices).toHaveLength(2);
  });
});
