import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createCoupon } from "../../core/billing/manage-coupons";
import { noCaptchaVerifier } from "../../core/captcha/remote-captcha";
import { seedDemoData } from "../../core/demo/seed";
import type { DatabaseHandle } from "../../db/client";
import { coupons, mailOutbox, orders, subscriptions, webhookEvents } from "../../db/schema";
import { API_ERRORS } from "../../universal/api/errors";
import { apiClient, signUpBuyer } from "../helpers/api-client";
import { LIVE_ENV, paddleSigned, setUpProcessorFakes, stripeSigned } from "../helpers/processor-fakes";
import { createTestApp } from "../helpers/test-app";
import { testDatabaseTargets } from "../helpers/test-databases";

// Stripe and Paddle through their official SDKs, against local HTTP fakes of their APIs: a live
// process (PAYMENT_MODE=live) buys, reads back, is notified, cancels, and refuses what it did not sell.
const P = "/api/mms/payment/v1/providers";
const WEB = "/api/mms/payment/v1/web";
const fakes = setUpProcessorFakes();

describe.each(testDatabaseTargets())("live payments through the processors' SDKs on $name", (target) => {
  let database: DatabaseHandle;
  let app: ReturnType<typeof createTestApp>;
  let call: ReturnType<typeof apiClient>;

  beforeEach(async () => {
    database = await target.open();
    await seedDemoData(database.db, { withDemoUser: false });
    fakes.paddle.defaultPaymentLink = true;
    app = createTestApp(database, {
      env: LIVE_ENV,
      deps: { captcha: noCaptchaVerifier(), payments: fakes.livePayments() },
    });
    call = apiClient(app);
  });
  afterEach(async () => database.close());

  const buyer = (email = "buyer@example.com") => signUpBuyer(call, email);
  const buy = async (token: string, code: "s1" | "pd", plan = "1-year", coupon?: string) => {
    const path = code === "s1" ? `${P}/s1/create_subscription` : `${P}/common/pd/prepurchase`;
    const started = await call("POST", path, {
      appType: "101",
      token,
      body: { plan_id: plan, currency: "USD", recasign: "t", client_info: { language: "de" }, coupon },
    });
    const value = started.body.data?.value as { order_id: string; web_url: string };
    return { status: started.status, body: started.body, value };
  };
  const orderRow = async (orderId: string) =>
    (await database.db.select().from(orders).where(eq(orders.id, orderId)))[0];
  const result = (token: string, code: string, orderId: string) =>
    call("POST", `${P}/${code}/purchase_result`, { appType: "101", token, body: { order_id: orderId } });
  const receipts = async () =>
    (await database.db.select().from(mailOutbox)).filter((mail) => /ord_/.test(mail.subject));

  it("buys through Stripe: a Stripe checkout URL, the order remembers it, the return reads the session back", async () => {
    const token = await buyer();
    const started = await buy(token, "s1");
    expect(started.value.web_url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_live_/);
    const order = await orderRow(started.value.order_id);
    expect(order).toMatchObject({ processor: "stripe", environment: "live", status: "pending" });
    expect(order?.providerReference).toMatch(/^cs_live_/);
    const sent = fakes.stripe.requests.findLast((request) => request.path === "/v1/checkout/sessions")?.form;
    expect(sent?.get("subscription_data[metadata][order_id]")).toBe(order?.id);
    expect(sent?.get("subscription_data[metadata][plan_id]")).toBe("1-year");
    expect(sent?.get("success_url")).toMatch(/\/de\/paystatus\?/);

    // Back before paying: still pending, and the page to pay on is Stripe's, never a sandbox page.
    const waiting = await result(token, "s1", order!.id);
    expect(waiting.body.data?.value).toMatchObject({ status: "pending", web_url: started.value.web_url });

    const { invoicePaid } = fakes.stripe.pay(String(order?.providerReference));
    const back = await result(token, "s1", order!.id);
    expect(back.body.data?.value).toMatchObject({ status: "active", success: true, amount_minor: order?.amount });
    const profile = await call("GET", "/api/mms/account/v1/web/profile", { appType: "101", token });
    expect(profile.body.data?.vip).toMatchObject({ is_vip: true });

    // Stripe's own webhook arrives later: the same payment, no second receipt.
    expect((await app.request("/api/webhooks/stripe/production", stripeSigned(invoicePaid))).status).toBe(200);
    expect(await receipts()).toHaveLength(1);
    expect(await database.db.select().from(subscriptions)).toHaveLength(1);
  });

  it("grants exactly once when one webhook event is delivered 50 times at once", async () => {
    const token = await buyer();
    const started = await buy(token, "s1");
    const { invoicePaid } = fakes.stripe.pay(String((await orderRow(started.value.order_id))?.providerReference));
    const delivery = stripeSigned(invoicePaid);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => app.request("/api/webhooks/stripe/production", delivery)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(200));
    expect(await database.db.select().from(webhookEvents)).toHaveLength(1);
    expect(await database.db.select().from(subscriptions)).toHaveLength(1);
    expect(await receipts()).toHaveLength(1);
    expect((await orderRow(started.value.order_id))?.status).toBe("active");
  });

  it("stores and flags, but never grants, an event of another environment or for another amount", async () => {
    const token = await buyer();
    const started = await buy(token, "s1");
    const { invoicePaid } = fakes.stripe.pay(String((await orderRow(started.value.order_id))?.providerReference));
    const invoice = (invoicePaid.data as { object: Record<string, unknown> }).object;
    const testMode = { ...invoicePaid, id: "evt_test_mode", livemode: false };
    const cheaper = { ...invoicePaid, id: "evt_cheaper", data: { object: { ...invoice, subtotal: 100 } } };
    const otherCurrency = { ...invoicePaid, id: "evt_eur", data: { object: { ...invoice, currency: "eur" } } };
    for (const event of [testMode, cheaper, otherCurrency]) {
      expect((await app.request("/api/webhooks/stripe/production", stripeSigned(event))).status).toBe(200);
    }
    const flagged = await database.db.select().from(webhookEvents);
    expect(flagged.map((row) => row.rejectedReason)).toEqual([
      expect.stringMatching(/^environment test/),
      expect.stringMatching(/^amount 100 /),
      expect.stringMatching(/^currency EUR/),
    ]);
    expect(await database.db.select().from(subscriptions)).toHaveLength(0);
    expect((await orderRow(started.value.order_id))?.status).toBe("pending");
    const profile = await call("GET", "/api/mms/account/v1/web/profile", { appType: "101", token });
    expect(profile.body.data?.vip).toMatchObject({ is_vip: false });
  });

  it("cancels at Stripe first; when Stripe refuses, renewal stays on and the customer is told", async () => {
    const token = await buyer();
    const started = await buy(token, "s1");
    fakes.stripe.pay(String((await orderRow(started.value.order_id))?.providerReference));
    await result(token, "s1", started.value.order_id);
    const [sub] = await database.db.select().from(subscriptions);

    fakes.stripe.failNext(500);
    const refused = await call("POST", `${WEB}/subscription_cancel`, { appType: "101", token, body: { id: sub?.id } });
    expect(refused.body.code).toBe(40121);
    const mine = await call("GET", `${WEB}/subscription_my`, { appType: "101", token });
    expect(mine.body.data?.subscriptions).toMatchObject([{ status: "active", auto_renew: true }]);
    expect(fakes.stripe.subscriptions.get(String(sub?.providerSubscriptionId))?.cancel_at_period_end).toBe(false);

    const canceled = await call("POST", `${WEB}/subscription_cancel`, { appType: "101", token, body: { id: sub?.id } });
    expect(canceled.body.data).toMatchObject({ status: "canceled", auto_renew: false });
    expect(fakes.stripe.subscriptions.get(String(sub?.providerSubscriptionId))?.cancel_at_period_end).toBe(true);

    const resumed = await call("POST", `${WEB}/subscription_resume`, { appType: "101", token, body: { id: sub?.id } });
    expect(resumed.body.data).toMatchObject({ status: "active", auto_renew: true });
    expect(fakes.stripe.subscriptions.get(String(sub?.providerSubscriptionId))?.cancel_at_period_end).toBe(false);
  });

  it("buys through Paddle, reads the transaction back, takes its signed webhook once, and cancels there", async () => {
    const token = await buyer();
    const started = await buy(token, "pd");
    expect(started.value.web_url).toMatch(/^https:\/\/pay\.vpn\.example\/checkout\?_ptxn=txn_/);
    const order = await orderRow(started.value.order_id);
    expect(order).toMatchObject({ processor: "paddle", environment: "live" });
    const { completed } = fakes.paddle.pay(String(order?.providerReference));
    expect((await result(token, "pd", order!.id)).body.data?.value).toMatchObject({ status: "active" });
    expect((await app.request("/api/webhooks/paddle/production", paddleSigned(completed))).status).toBe(200);
    expect(await receipts()).toHaveLength(1);

    const [sub] = await database.db.select().from(subscriptions);
    const canceled = await call("POST", `${WEB}/subscription_cancel`, { appType: "101", token, body: { id: sub?.id } });
    expect(canceled.body.data).toMatchObject({ auto_renew: false });
    expect(fakes.paddle.subscriptions.get(String(sub?.providerSubscriptionId))?.scheduled_change).toMatchObject({
      action: "cancel",
    });
  });

  it("buys with a coupon through Stripe: a Stripe coupon of the amount off, the discounted invoice grants", async () => {
    await createCoupon(database.db, { code: "WELCOME20", percent_off: 20 }, "test");
    const token = await buyer();
    const started = await buy(token, "s1", "1-year", "welcome20");
    const order = await orderRow(started.value.order_id);
    // 47.88 less 20% (9.58) = 38.30, as the checkout quoted it.
    expect(order).toMatchObject({ amount: 3830, discountAmount: 958, couponCode: "WELCOME20" });
    const sent = fakes.stripe.requests.findLast((request) => request.path === "/v1/checkout/sessions")?.form;
    expect(sent?.get("line_items[0][price_data][unit_amount]")).toBe("4788");
    const coupon = fakes.stripe.coupons.get(String(sent?.get("discounts[0][coupon]")));
    expect(coupon).toMatchObject({ amount_off: 958, currency: "usd", duration: "forever", max_redemptions: 1 });
    expect(fakes.stripe.sessions.get(String(order?.providerReference))?.amount_total).toBe(3830);

    const { invoicePaid } = fakes.stripe.pay(String(order?.providerReference));
    expect((await app.request("/api/webhooks/stripe/production", stripeSigned(invoicePaid))).status).toBe(200);
    expect((await orderRow(order!.id))?.status).toBe("active");
    const [event] = await database.db.select().from(webhookEvents);
    expect(event?.rejectedReason).toBeNull();
    expect((await result(token, "s1", order!.id)).body.data?.value).toMatchObject({ amount_minor: 3830 });
  });

  it("buys with a coupon through Paddle: a flat Paddle discount on the transaction, the discounted total grants", async () => {
    await createCoupon(database.db, { code: "FIVE", amount_off: 500, currency: "USD" }, "test");
    const token = await buyer();
    const started = await buy(token, "pd", "1-year", "FIVE");
    const order = await orderRow(started.value.order_id);
    expect(order).toMatchObject({ amount: 4288, discountAmount: 500, couponCode: "FIVE" });
    const sent = fakes.paddle.requests.findLast((request) => request.path === "/transactions")?.body as {
      discount_id: string;
      items: Array<{ price: { unit_price: { amount: string } } }>;
    };
    expect(sent.items[0]?.price.unit_price.amount).toBe("4788");
    expect(fakes.paddle.discounts.get(sent.discount_id)).toMatchObject({
      type: "flat",
      amount: "500",
      currency_code: "USD",
      recur: true,
      usage_limit: 1,
    });

    const { completed } = fakes.paddle.pay(String(order?.providerReference));
    expect((await app.request("/api/webhooks/paddle/production", paddleSigned(completed))).status).toBe(200);
    expect((await orderRow(order!.id))?.status).toBe("active");
    const [event] = await database.db.select().from(webhookEvents);
    expect(event?.rejectedReason).toBeNull();
  });

  it("gives a coupon back when the processor refuses to start the purchase", async () => {
    await createCoupon(database.db, { code: "ONCE", percent_off: 10, max_redemptions: 1 }, "test");
    const token = await buyer();
    fakes.stripe.failNext(500);
    expect((await buy(token, "s1", "1-year", "ONCE")).body.code).toBe(API_ERRORS.processorRefused.code);
    expect((await database.db.select().from(coupons))[0]?.redemptions).toBe(0);
    expect((await buy(token, "s1", "1-year", "ONCE")).status).toBe(200);
  });

  it("reports a Paddle account without a default payment link as an error, never an empty URL", async () => {
    fakes.paddle.defaultPaymentLink = false;
    const token = await buyer();
    const started = await buy(token, "pd");
    expect(started.status).toBe(400);
    expect(started.body.code).toBe(40121);
    const [order] = await database.db.select().from(orders);
    expect(order?.status).toBe("failed");
  });

  it("offers only the configured processors, and no sandbox or test-mode path exists", async () => {
    const token = await buyer();
    const params = await call("GET", `${P}/common/params`);
    expect(params.body.data).toMatchObject({ environment: "production" });
    expect(((params.body.data?.providers ?? []) as Array<{ code: string }>).map((provider) => provider.code)).toEqual([
      "s1",
      "pd",
      "ps",
    ]);
    for (const code of ["rz", "tpa", "so"]) {
      const refused = await call("POST", `${P}/${code}/purchase`, {
        appType: "101",
        token,
        body: { plan_id: "1-year", recasign: "t" },
      });
      expect(refused.body.code).toBe(40120);
    }
    const testModePaths = [
      "/api/webhooks/stripe/sandbox",
      "/api/webhooks/paddle/sandbox",
      "/api/webhooks/paypal/sandbox",
    ];
    for (const path of ["/api/webhooks/sandbox", ...testModePaths]) {
      expect((await app.request(path, { method: "POST", body: "{}" })).status).toBe(404);
    }
    expect((await app.request("/sandbox/checkout/ord_x")).status).toBe(404);
    // Even a Host header naming something else changes nothing.
    const elsewhere = await call("GET", `${P}/common/params`, { headers: { host: "localhost" } });
    expect(elsewhere.body.data).toMatchObject({ environment: "production" });
  });

  it("reads an order only through the provider code that took it", async () => {
    const token = await buyer();
    const started = await buy(token, "s1");
    expect((await result(token, "pd", started.value.order_id)).status).toBe(404);
    expect((await result(token, "s1", started.value.order_id)).status).toBe(200);
  });
});
