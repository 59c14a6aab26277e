import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createProcessors } from "../../core/billing/providers/processors";
import { razorpayProcessor } from "../../core/billing/providers/razorpay";
import { noCaptchaVerifier } from "../../core/captcha/remote-captcha";
import { seedDemoData } from "../../core/demo/seed";
import type { DatabaseHandle } from "../../db/client";
import { mailOutbox, orders, subscriptions } from "../../db/schema";
import { type RazorpayFake, startRazorpayFake } from "../fakes/razorpay-api";
import { apiClient, signUpBuyer } from "../helpers/api-client";
import { createTestApp } from "../helpers/test-app";
import { testDatabaseTargets } from "../helpers/test-databases";

// Razorpay subscriptions through its official Node SDK against a local fake of Razorpay's API
// (decision 052): a live process sells through rz, takes only webhooks signed with its secret,
// turns renewal off at the cycle's end (and says it cannot undo that), and refunds.
const KEY_ID = "rzp_live_fakeKeyId";
const KEY_SECRET = "fakeLiveKeySecret";
const WEBHOOK_SECRET = "fake_webhook_secret";
const ENV = {
  PAYMENT_MODE: "live",
  RAZORPAY_KEY_ID: KEY_ID,
  RAZORPAY_KEY_SECRET: KEY_SECRET,
  RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
};
const P = "/api/mms/payment/v1/providers";
const WEB = "/api/mms/payment/v1/web";
const HOOK = "/api/webhooks/razorpay/production";

let fake: RazorpayFake;
beforeAll(async () => {
  fake = await startRazorpayFake({ keyId: KEY_ID, keySecret: KEY_SECRET, webhookSecret: WEBHOOK_SECRET });
});
afterAll(async () => fake.close());

describe.each(testDatabaseTargets())("Razorpay through its SDK on $name", (target) => {
  let database: DatabaseHandle;
  let app: ReturnType<typeof createTestApp>;
  let call: ReturnType<typeof apiClient>;

  beforeEach(async () => {
    database = await target.open();
    await seedDemoData(database.db, { withDemoUser: false });
    fake.refundStatus = "processed";
    const razorpay = razorpayProcessor({
      keyId: KEY_ID,
      keySecret: KEY_SECRET,
      webhookSecret: WEBHOOK_SECRET,
      environment: "live",
      apiBaseUrl: fake.url,
    });
    app = createTestApp(database, {
      env: ENV,
      deps: { captcha: noCaptchaVerifier(), payments: createProcessors({ mode: "live", processors: { razorpay } }) },
    });
    call = apiClient(app);
  });
  afterEach(async () => database.close());

  const buy = async (email: string) => {
    const token = await signUpBuyer(call, email);
    const started = await call("POST", `${P}/rz/purchase`, {
      appType: "101",
      token,
      body: { plan_id: "1-year", currency: "USD", recasign: "t", client_info: { language: "en" } },
    });
    const value = started.body.data?.value as { order_id: string; web_url: string };
    const [order] = await database.db
      .select()
      .from(orders)
      .where(eq(orders.id, value?.order_id ?? ""));
    return { token, started, value, order };
  };
  const vip = async (token: string) => {
    const profile = await call("GET", "/api/mms/account/v1/web/profile", { appType: "101", token });
    return (profile.body.data?.vip as { is_vip?: boolean } | undefined)?.is_vip;
  };
  const deliver = (event: object) => app.request(HOOK, fake.signed(event));
  const paymentOf = (charged: Record<string, unknown>) =>
    (charged.payload as { payment: { entity: { id: string } } }).payment.entity.id;

  it("buys: a Razorpay plan made once, its hosted page; subscription.charged grants VIP once", async () => {
    const { token, started, value, order } = await buy("rz-buyer@example.com");
    expect(started.status).toBe(200);
    expect(value.web_url).toMatch(/^https:\/\/rzp\.io\/i\//);
    expect(order).toMatchObject({ processor: "razorpay", environment: "live", status: "pending" });
    const ref = String(order?.providerReference);
    expect(ref).toMatch(/^sub_/);
    const sub = fake.subscriptions.get(ref);
    expect(sub?.notes).toEqual({ order_id: order?.id });
    expect(sub?.total_count).toBe(10);
    const plan = fake.plans.get(String(sub?.plan_id));
    expect(plan).toMatchObject({
      period: "yearly",
      interval: 1,
      item: { amount: 4788, currency: "USD" },
      notes: { veilport_key: "veilport:1-year:USD:12:4788" },
    });
    expect(await vip(token)).toBe(false);

    const delivery = fake.signed(fake.pay(ref));
    expect((await app.request(HOOK, delivery)).status).toBe(200);
    expect(await vip(token)).toBe(true);
    const [row] = await database.db.select().from(subscriptions);
    expect(row).toMatchObject({ processor: "razorpay", providerSubscriptionId: ref });
    expect(row?.currentPeriodEnd?.getTime()).toBe(Number(fake.subscriptions.get(ref)?.current_end) * 1000);
    // The same delivery again: one grant, one receipt.
    expect((await app.request(HOOK, delivery)).status).toBe(200);
    expect(await database.db.select().from(subscriptions)).toHaveLength(1);
    const receipts = (await database.db.select().from(mailOutbox)).filter((mail) => /ord_/.test(mail.subject));
    expect(receipts).toHaveLength(1);

    // A second purchase of the same plan, currency and price reuses the Razorpay plan.
    await buy("rz-second@example.com");
    expect(fake.requests.filter((request) => request.path === "/v1/plans" && request.method === "POST")).toHaveLength(
      1,
    );
  });

  it("reconciles on the buyer's return before any webhook, from the subscription's paid invoice", async () => {
    const { token, order } = await buy("rz-return@example.com");
    fake.pay(String(order?.providerReference));
    const back = await call("POST", `${P}/rz/purchase_result`, {
      appType: "101",
      token,
      body: { order_id: order?.id },
    });
    expect(back.body.data?.value).toMatchObject({ status: "active", amount_minor: 4788 });
    expect(await vip(token)).toBe(true);
  });

  it("refuses a delivery with a wrong, missing or foreign signature, and grants nothing", async () => {
    const { token, order } = await buy("rz-forged@example.com");
    const charged = fake.pay(String(order?.providerReference));
    const genuine = fake.signed(charged);
    const tampered = { ...genuine, body: genuine.body.replace('"amount":4788', '"amount":1') };
    expect((await app.request(HOOK, tampered)).status).toBe(400);
    expect((await app.request(HOOK, fake.signed(charged, "another_secret"))).status).toBe(400);
    const unsigned = { ...genuine, headers: { "content-type": "application/json" } };
    expect((await app.request(HOOK, unsigned)).status).toBe(400);
    expect(await vip(token)).toBe(false);
  });

  it("turns renewal off at the cycle's end; resuming is refused clearly, and Razorpay's notice changes nothing", async () => {
    const { token, order } = await buy("rz-cancel@example.com");
    const ref = String(order?.providerReference);
    expect((await deliver(fake.pay(ref))).status).toBe(200);
    const [sub] = await database.db.select().from(subscriptions);

    fake.failNext(500);
    const refused = await call("POST", `${WEB}/subscription_cancel`, { appType: "101", token, body: { id: sub?.id } });
    expect(refused.body.code).toBe(40121);
    expect(fake.subscriptions.get(ref)?.has_scheduled_changes).toBe(false);

    const canceled = await call("POST", `${WEB}/subscription_cancel`, { appType: "101", token, body: { id: sub?.id } });
    expect(canceled.body.data).toMatchObject({ status: "canceled", auto_renew: false });
    expect(fake.requests.findLast((request) => request.path.endsWith("/cancel"))?.body).toEqual({
      cancel_at_cycle_end: 1,
    });
    expect(fake.subscriptions.get(ref)).toMatchObject({ status: "active", has_scheduled_changes: true });
    expect(await vip(token)).toBe(true);

    const resumed = await call("POST", `${WEB}/subscription_resume`, { appType: "101", token, body: { id: sub?.id } });
    expect(resumed.body.code).toBe(40121);
    const mine = await call("GET", `${WEB}/subscription_my`, { appType: "101", token });
    expect(mine.body.data?.subscriptions).toMatchObject([{ auto_renew: false }]);

    fake.subscriptions.get(ref)!.status = "cancelled";
    expect((await deliver(fake.subscriptionEvent(ref, "subscription.cancelled"))).status).toBe(200);
    expect(await vip(token)).toBe(true);
  });

  it("refunds the first payment in full, cancels the subscription now, and ends access", async () => {
    const { token, order } = await buy("rz-refund@example.com");
    const ref = String(order?.providerReference);
    const charged = fake.pay(ref);
    expect((await deliver(charged)).status).toBe(200);

    fake.failNext(500);
    const failed = await call("POST", `${WEB}/refund`, { appType: "101", token, body: { order_id: order?.id } });
    expect(failed.body.code).toBe(40121);
    expect(await vip(token)).toBe(true);

    const answer = await call("POST", `${WEB}/refund`, { appType: "101", token, body: { order_id: order?.id } });
    expect(answer.body.data).toEqual({ outcome: "refunded" });
    // The fake lives for the whole file (both databases): this payment's refunds only.
    const payment = (charged.payload as { payment: { entity: { id: string } } }).payment.entity;
    const made = [...fake.refunds.values()].filter((refund) => refund.payment_id === payment.id);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ payment_id: payment.id, amount: 4788, currency: "USD", status: "processed" });
    expect(fake.subscriptions.get(ref)?.status).toBe("cancelled");
    expect(await vip(token)).toBe(false);
    const [row] = await database.db
      .select()
      .from(orders)
      .where(eq(orders.id, String(order?.id)));
    expect(row?.status).toBe("refunded");

    // Razorpay then reports our refund: nothing changes, no second refund mail.
    const refundMails = async () =>
      (await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, "rz-refund@example.com"))).filter((mail) =>
        mail.subject.includes("refund"),
      );
    expect(await refundMails()).toHaveLength(1);
    expect((await deliver(fake.refundEvent(String(made[0]?.id)))).status).toBe(200);
    expect(await vip(token)).toBe(false);
    expect(await refundMails()).toHaveLength(1);
  });

  it("ends access on a full refund made in Razorpay's dashboard, not on a partial one", async () => {
    const partly = await buy("rz-dash-partial@example.com");
    const partRef = String(partly.order?.providerReference);
    const partCharged = fake.pay(partRef);
    expect((await deliver(partCharged)).status).toBe(200);
    expect(await vip(partly.token)).toBe(true);
    expect((await deliver(fake.refundInDashboard(paymentOf(partCharged), "partial"))).status).toBe(200);
    expect(await vip(partly.token)).toBe(true);

    const fully = await buy("rz-dash-full@example.com");
    const ref = String(fully.order?.providerReference);
    const charged = fake.pay(ref);
    expect((await deliver(charged)).status).toBe(200);
    expect(await vip(fully.token)).toBe(true);
    const refund = fake.refundInDashboard(paymentOf(charged));
    // A forged copy cannot end access: only the signed delivery does.
    expect((await app.request(HOOK, fake.signed(refund, "another_secret"))).status).toBe(400);
    expect(await vip(fully.token)).toBe(true);
    expect((await deliver(refund)).status).toBe(200);
    expect(await vip(fully.token)).toBe(false);
    const [row] = await database.db
      .select()
      .from(orders)
      .where(eq(orders.id, String(fully.order?.id)));
    expect(row?.status).toBe("refunded");
    // The other buyer's partial refund still keeps theirs.
    expect(await vip(partly.token)).toBe(true);
  });

  it("ends access when the buyer's bank disputes the payment (payment.dispute.created)", async () => {
    const { token, order } = await buy("rz-dispute@example.com");
    const charged = fake.pay(String(order?.providerReference));
    expect((await deliver(charged)).status).toBe(200);
    expect(await vip(token)).toBe(true);
    expect((await deliver(fake.dispute(paymentOf(charged)))).status).toBe(200);
    expect(await vip(token)).toBe(false);
    const [row] = await database.db
      .select()
      .from(orders)
      .where(eq(orders.id, String(order?.id)));
    expect(row?.status).toBe("refunded");
  });

  it("offers no plan switch to a Razorpay subscriber, and refuses one asked for with its own code", async () => {
    const { token, order } = await buy("rz-switch@example.com");
    expect((await deliver(fake.pay(String(order?.providerReference)))).status).toBe(200);
    const status = await call("GET", `${WEB}/plan_switch`, { appType: "101", token });
    const choices = status.body.data?.choices as Array<{ now: string | null; at_renewal: string | null }>;
    expect(choices.length).toBeGreaterThan(0);
    for (const choice of choices) {
      expect(choice).toMatchObject({ now: "processor_cannot_switch", at_renewal: "processor_cannot_switch" });
    }
    const preview = await call("POST", `${WEB}/plan_switch/preview`, {
      appType: "101",
      token,
      body: { plan_id: "2-years", timing: "at_renewal" },
    });
    expect(preview.body.code).toBe(40240);
  });
});
