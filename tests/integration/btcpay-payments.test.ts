import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_NOTICE_SETTINGS } from "../../core/billing/notice-due";
import { btcpayProcessor } from "../../core/billing/providers/btcpay";
import { createProcessors } from "../../core/billing/providers/processors";
import { sendDueNotices } from "../../core/billing/send-notices";
import { noCaptchaVerifier } from "../../core/captcha/remote-captcha";
import { seedDemoData } from "../../core/demo/seed";
import type { DatabaseHandle } from "../../db/client";
import { mailOutbox, orders, subscriptionNotices, subscriptions, webhookEvents } from "../../db/schema";
import { API_ERRORS } from "../../universal/api/errors";
import { type BtcpayFake, startBtcpayFake } from "../fakes/btcpay-api";
import { apiClient, signUpBuyer } from "../helpers/api-client";
import { LIVE_ENV } from "../helpers/processor-fakes";
import { createTestApp } from "../helpers/test-app";
import { testDatabaseTargets } from "../helpers/test-databases";

// BTCPay Server through our Greenfield client, against a local HTTP fake of its API: a live process
// sells a prepaid crypto period on tpa (decision 050). Paid: VIP with renewal off; expired unpaid:
// nothing; paid late and confirmed: granted; a bad BTCPay-Sig: refused and nothing stored.
const P = "/api/mms/payment/v1/providers";
const WEB = "/api/mms/payment/v1/web";
const HOOK = "/api/webhooks/btcpay/production";
const WEBHOOK_SECRET = "btcpay-webhook-secret-for-tests";
const DAY_MS = 86_400_000;

let fake: BtcpayFake;
beforeAll(async () => {
  fake = await startBtcpayFake();
});
afterAll(async () => fake.close());

describe.each(testDatabaseTargets())("crypto payments through BTCPay Server on $name", (target) => {
  let database: DatabaseHandle;
  let app: ReturnType<typeof createTestApp>;
  let call: ReturnType<typeof apiClient>;

  beforeEach(async () => {
    database = await target.open();
    await seedDemoData(database.db, { withDemoUser: false });
    const btcpay = btcpayProcessor({
      url: fake.url,
      apiKey: fake.apiKey,
      storeId: fake.storeId,
      webhookSecret: WEBHOOK_SECRET,
      environment: "live",
    });
    app = createTestApp(database, {
      env: LIVE_ENV,
      deps: { captcha: noCaptchaVerifier(), payments: createProcessors({ mode: "live", processors: { btcpay } }) },
    });
    call = apiClient(app);
  });
  afterEach(async () => database.close());

  const buy = async (token: string, plan = "1-year", currency = "USD") => {
    const started = await call("POST", `${P}/tpa/purchase`, {
      appType: "101",
      token,
      body: { plan_id: plan, currency, recasign: "t", client_info: { language: "de" } },
    });
    expect(started.status).toBe(200);
    const value = started.body.data?.value as { order_id: string; web_url: string };
    const [order] = await database.db.select().from(orders).where(eq(orders.id, value.order_id));
    return { value, order: order!, invoiceId: String(order?.providerReference) };
  };
  const deliver = (body: Record<string, unknown>) => app.request(HOOK, fake.signed(body, WEBHOOK_SECRET));
  const orderStatus = async (orderId: string) =>
    (await database.db.select().from(orders).where(eq(orders.id, orderId)))[0]?.status;
  const subscriptionOf = async (orderId: string) =>
    (await database.db.select().from(subscriptions).where(eq(subscriptions.orderId, orderId)))[0];
  const vip = async (token: string) => {
    const profile = await call("GET", "/api/mms/account/v1/web/profile", { appType: "101", token });
    return profile.body.data?.vip as { is_vip: boolean; expire_at: string | null };
  };
  const result = (token: string, orderId: string) =>
    call("POST", `${P}/tpa/purchase_result`, { appType: "101", token, body: { order_id: orderId } });

  it("buys a year: an invoice in the plan's currency, settled by BTCPay's signed webhook, VIP once, renewal off", async () => {
    const token = await signUpBuyer(call, "satoshi@example.com");
    const { value, order, invoiceId } = await buy(token);
    const invoice = fake.invoices.get(invoiceId);
    expect(value.web_url).toBe(`${fake.url}/i/${invoiceId}`);
    expect(order).toMatchObject({ processor: "btcpay", environment: "live", status: "pending", amount: 4788 });
    expect(invoice).toMatchObject({
      amount: "47.88",
      currency: "USD",
      metadata: { orderId: order.id, planId: "1-year", months: 12 },
    });
    expect(fake.requests.at(-1)?.path).toBe(`/api/v1/stores/${fake.storeId}/invoices`);
    expect(await vip(token)).toMatchObject({ is_vip: false });

    const settled = fake.settle(invoiceId);
    expect((await deliver(settled)).status).toBe(200);
    // BTCPay retries a delivery it thinks failed: the same payment never grants twice.
    expect((await deliver({ ...settled, deliveryId: "another-delivery" })).status).toBe(200);
    expect(await orderStatus(order.id)).toBe("active");
    const sub = await subscriptionOf(order.id);
    expect(sub).toMatchObject({
      status: "active",
      autoRenew: false,
      processor: "btcpay",
      providerSubscriptionId: invoiceId,
    });
    const days = ((sub?.currentPeriodEnd?.getTime() ?? 0) - Date.now()) / DAY_MS;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThan(367);
    expect(await vip(token)).toMatchObject({ is_vip: true, expire_at: sub?.currentPeriodEnd?.toISOString() });
    expect(await database.db.select().from(webhookEvents)).toHaveLength(1);
    const receipts = (await database.db.select().from(mailOutbox)).filter((mail) => mail.subject.includes(order.id));
    expect(receipts).toHaveLength(1);

    // The account says it is prepaid: no renewal switch to turn, nothing to cancel, nothing to switch.
    const mine = await call("GET", `${WEB}/subscription_my`, { appType: "101", token });
    expect(mine.body.data?.subscriptions).toEqual([
      expect.objectContaining({ prepaid: true, auto_renew: false, renews_at: null, provider: "tpa" }),
    ]);
    const resume = await call("POST", `${WEB}/subscription_resume`, { appType: "101", token, body: { id: sub?.id } });
    expect(resume.body.code).toBe(API_ERRORS.prepaidNoRenewal.code);
    const switchStatus = await call("GET", `${WEB}/plan_switch`, { appType: "101", token });
    expect(switchStatus.body.data).toMatchObject({ subscription: { prepaid: true, auto_renew: false }, choices: [] });
    const preview = await call("POST", `${WEB}/plan_switch/preview`, {
      appType: "101",
      token,
      body: { plan_id: "2-years", timing: "now" },
    });
    expect(preview.body.code).toBe(API_ERRORS.prepaidNoPlanChange.code);
    // Refunds are support's: the account's card says so before anyone asks, and asking changes nothing.
    const refundStatus = await call("GET", `${WEB}/refund_status`, { appType: "101", token });
    expect(refundStatus.body.data).toMatchObject({ eligible: false, reason: "crypto" });
    const refund = await call("POST", `${WEB}/refund`, { appType: "101", token, body: { order_id: order.id } });
    expect(refund.body).toMatchObject({ code: API_ERRORS.refundNotEligible.code, data: { reason: "crypto" } });
    expect(await orderStatus(order.id)).toBe("active");
  });

  it("reads a settled invoice back when the buyer returns before the webhook, and the webhook then changes nothing", async () => {
    const token = await signUpBuyer(call, "early@example.com");
    const { order, invoiceId } = await buy(token, "1-month");
    expect((await result(token, order.id)).body.data?.value).toMatchObject({ status: "pending", success: false });
    const settled = fake.settle(invoiceId);
    expect((await result(token, order.id)).body.data?.value).toMatchObject({
      status: "active",
      success: true,
      auto_renew: false,
    });
    expect((await deliver(settled)).status).toBe(200);
    expect(await database.db.select().from(webhookEvents)).toHaveLength(1);
  });

  it("grants nothing for an invoice that expires unpaid", async () => {
    const token = await signUpBuyer(call, "late@example.com");
    const { order, invoiceId } = await buy(token);
    expect((await deliver(fake.expire(invoiceId))).status).toBe(200);
    expect(await orderStatus(order.id)).toBe("canceled");
    expect(await subscriptionOf(order.id)).toBeUndefined();
    expect(await vip(token)).toMatchObject({ is_vip: false });
    expect((await result(token, order.id)).body.data?.value).toMatchObject({ success: false, redirect_url: "" });
  });

  it("reconciles a payment that arrives after the invoice expired, once it confirms", async () => {
    const token = await signUpBuyer(call, "paidlate@example.com");
    const { order, invoiceId } = await buy(token);
    expect((await deliver(fake.expire(invoiceId))).status).toBe(200);
    expect(await orderStatus(order.id)).toBe("canceled");
    // The payment is seen after expiry but not yet confirmed: still nothing.
    expect((await deliver(fake.payLate(invoiceId))).status).toBe(200);
    expect(await subscriptionOf(order.id)).toBeUndefined();
    // Confirmed: BTCPay leaves the invoice Expired/PaidLate; the money is ours, so the period is granted.
    expect((await deliver(fake.confirmLate(invoiceId))).status).toBe(200);
    expect(await orderStatus(order.id)).toBe("active");
    expect(await subscriptionOf(order.id)).toMatchObject({ status: "active", autoRenew: false });
    expect(await vip(token)).toMatchObject({ is_vip: true });
  });

  it("refuses a webhook whose BTCPay-Sig is wrong, missing or for other bytes, and stores nothing", async () => {
    const token = await signUpBuyer(call, "forger@example.com");
    const { order, invoiceId } = await buy(token);
    const settled = fake.settle(invoiceId);
    const wrongSecret = fake.signed(settled, "not-the-secret");
    const genuine = fake.signed(settled, WEBHOOK_SECRET);
    const tampered = { ...genuine, body: genuine.body.replace(`"timestamp"`, `"timestamp" `) };
    const unsigned = { ...genuine, headers: { "content-type": "application/json" } };
    for (const attempt of [wrongSecret, tampered, unsigned]) {
      const answer = await app.request(HOOK, attempt);
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as { code: number }).code).toBe(API_ERRORS.badSignature.code);
    }
    expect(await database.db.select().from(webhookEvents)).toHaveLength(0);
    expect(await orderStatus(order.id)).toBe("pending");
    // Signed by us but naming another store: genuine, and about nothing we sold.
    expect((await deliver({ ...settled, storeId: "AnotherStore" })).status).toBe(200);
    expect(await database.db.select().from(webhookEvents)).toHaveLength(0);
  });

  it("adds a period bought again to the time left, and mails the expiry notice with no renewal to turn off", async () => {
    const token = await signUpBuyer(call, "again@example.com");
    const first = await buy(token, "1-month");
    expect((await deliver(fake.settle(first.invoiceId))).status).toBe(200);
    const firstEnd = (await subscriptionOf(first.order.id))?.currentPeriodEnd as Date;
    const second = await buy(token, "1-month");
    expect((await deliver(fake.settle(second.invoiceId))).status).toBe(200);
    const secondEnd = (await subscriptionOf(second.order.id))?.currentPeriodEnd as Date;
    // A month more from the end of the first month, not from today.
    const extra = (secondEnd.getTime() - firstEnd.getTime()) / DAY_MS;
    expect(extra).toBeGreaterThan(27);
    expect(extra).toBeLessThan(32);
    expect(await vip(token)).toMatchObject({ expire_at: secondEnd.toISOString() });

    const send = (at: Date) =>
      sendDueNotices({ db: database.db, settings: DEFAULT_NOTICE_SETTINGS, now: () => at, siteOrigin: "" });
    expect((await send(new Date(firstEnd.getTime() - 3 * DAY_MS))).queued).toEqual(["expiry"]);
    expect((await send(new Date(secondEnd.getTime() - 3 * DAY_MS))).queued).toEqual(["expiry"]);
    expect(await database.db.select().from(subscriptionNotices)).toHaveLength(2);
    const notices = (await database.db.select().from(mailOutbox)).filter((mail) => mail.to === "again@example.com");
    const expiries = notices.filter((mail) => /endet|ends/.test(mail.subject));
    expect(expiries).toHaveLength(2);
    // In the buyer's language (de), saying it was paid in advance and nothing renews it.
    for (const mail of expiries) expect(mail.text).toContain("im Voraus bezahlt");
  });
});
