import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createCoupon } from "../../core/billing/manage-coupons";
import { paypalProcessor } from "../../core/billing/providers/paypal";
import { noCaptchaVerifier } from "../../core/captcha/remote-captcha";
import { seedDemoData } from "../../core/demo/seed";
import type { DatabaseHandle } from "../../db/client";
import { mailOutbox, orders, subscriptions, webhookEvents } from "../../db/schema";
import { apiClient, signUpBuyer } from "../helpers/api-client";
import { LIVE_ENV, PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET, setUpProcessorFakes } from "../helpers/processor-fakes";
import { createTestApp } from "../helpers/test-app";
import { testDatabaseTargets } from "../helpers/test-databases";

// PayPal subscriptions through its official server SDK against a local fake of PayPal's REST API
// (decision 049): a live process sells through ps, takes PayPal's webhooks only when PayPal's
// verify-webhook-signature says they are genuine, cancels and resumes renewal, and refunds.
const P = "/api/mms/payment/v1/providers";
const WEB = "/api/mms/payment/v1/web";
const HOOK = "/api/webhooks/paypal/production";
const fakes = setUpProcessorFakes();

describe.each(testDatabaseTargets())("PayPal through its SDK on $name", (target) => {
  let database: DatabaseHandle;
  let app: ReturnType<typeof createTestApp>;
  let call: ReturnType<typeof apiClient>;

  beforeEach(async () => {
    database = await target.open();
    await seedDemoData(database.db, { withDemoUser: false });
    fakes.paypal.refundStatus = "COMPLETED";
    app = createTestApp(database, {
      env: LIVE_ENV,
      deps: { captcha: noCaptchaVerifier(), payments: fakes.livePayments() },
    });
    call = apiClient(app);
  });
  afterEach(async () => database.close());

  const buy = async (email: string, coupon?: string) => {
    const token = await signUpBuyer(call, email);
    const started = await call("POST", `${P}/ps/purchase`, {
      appType: "101",
      token,
      body: { plan_id: "1-year", currency: "USD", recasign: "t", client_info: { language: "fr" }, coupon },
    });
    const value = started.body.data?.value as { order_id: string; web_url: string };
    const [order] = await database.db
      .select()
      .from(orders)
      .where(eq(orders.id, value?.order_id ?? ""));
    return { token, started, value, order };
  };
  const result = (token: string, orderId: string) =>
    call("POST", `${P}/ps/purchase_result`, { appType: "101", token, body: { order_id: orderId } });
  const vip = async (token: string) => {
    const profile = await call("GET", "/api/mms/account/v1/web/profile", { appType: "101", token });
    return (profile.body.data?.vip as { is_vip?: boolean } | undefined)?.is_vip;
  };
  const receipts = async () =>
    (await database.db.select().from(mailOutbox)).filter((mail) => /ord_/.test(mail.subject));
  const deliver = (event: object) => app.request(HOOK, fakes.paypal.signed(event));

  it("buys: a PayPal plan made once, the order's price as the override, PayPal's approval page; the signed sale grants VIP once", async () => {
    const { token, started, value, order } = await buy("paypal-buyer@example.com");
    expect(started.status).toBe(200);
    expect(value.web_url).toMatch(/^https:\/\/www\.paypal\.com\/webapps\/billing\/subscriptions\?ba_token=BA-/);
    expect(order).toMatchObject({ processor: "paypal", environment: "live", status: "pending" });
    expect(order?.providerReference).toMatch(/^I-/);

    const created = fakes.paypal.requests.findLast((request) => request.path === "/v1/billing/subscriptions");
    expect(created?.headers["paypal-request-id"]).toBe(`veilport-${order?.id}`);
    expect(created?.body).toMatchObject({
      custom_id: order?.id,
      subscriber: { email_address: "paypal-buyer@example.com" },
      plan: {
        billing_cycles: [{ sequence: 1, pricing_scheme: { fixed_price: { value: "47.88", currency_code: "USD" } } }],
      },
      application_context: { user_action: "SUBSCRIBE_NOW", shipping_preference: "NO_SHIPPING" },
    });
    const context = created?.body.application_context as { return_url?: string } | undefined;
    expect(context?.return_url).toMatch(/\/fr\/paystatus\?/);
    const plan = fakes.paypal.plans.get(String(created?.body.plan_id));
    expect(plan).toMatchObject({
      product_id: "VEILPORT-VPN",
      description: "veilport:1-year:USD:12",
      status: "ACTIVE",
      billing_cycles: [{ frequency: { interval_unit: "MONTH", interval_count: 12 }, tenure_type: "REGULAR" }],
    });

    // Back before approving: still pending, nothing granted.
    expect((await result(token, order!.id)).body.data?.value).toMatchObject({ status: "pending" });
    const { saleCompleted, activated } = fakes.paypal.pay(String(order?.providerReference));
    expect((await deliver(activated)).status).toBe(200);
    expect(await vip(token)).toBe(false);
    expect((await deliver(saleCompleted)).status).toBe(200);
    expect(await vip(token)).toBe(true);
    const [sub] = await database.db.select().from(subscriptions);
    expect(sub).toMatchObject({ processor: "paypal", providerSubscriptionId: order?.providerReference });
    const billing = fakes.paypal.subscriptions.get(String(order?.providerReference))?.billing_info as {
      next_billing_time: string;
    };
    expect(sub?.currentPeriodEnd?.toISOString()).toBe(new Date(billing.next_billing_time).toISOString());
    // The same delivery again, and the buyer's return: one grant, one receipt.
    expect((await deliver(saleCompleted)).status).toBe(200);
    expect((await result(token, order!.id)).body.data?.value).toMatchObject({ status: "active", amount_minor: 4788 });
    expect(await receipts()).toHaveLength(1);
    expect(await database.db.select().from(subscriptions)).toHaveLength(1);

    // A second purchase of the same plan and currency reuses the PayPal plan.
    await buy("paypal-second@example.com");
    expect(
      fakes.paypal.requests.filter((request) => request.path === "/v1/billing/plans" && request.method === "POST"),
    ).toHaveLength(1);
  });

  it("reconciles on the buyer's return before any webhook, by reading the subscription back", async () => {
    const { token, order } = await buy("paypal-return@example.com");
    fakes.paypal.pay(String(order?.providerReference));
    expect((await result(token, order!.id)).body.data?.value).toMatchObject({ status: "active", success: true });
    expect(await vip(token)).toBe(true);
  });

  it("refuses a delivery whose signature PayPal does not confirm, and one for another webhook id", async () => {
    const { token, order } = await buy("paypal-forged@example.com");
    const { saleCompleted } = fakes.paypal.pay(String(order?.providerReference));
    const genuine = fakes.paypal.signed(saleCompleted);
    const tampered = { ...genuine, body: genuine.body.replace('"47.88"', '"0.01"') };
    expect((await app.request(HOOK, tampered)).status).toBe(400);
    expect((await app.request(HOOK, fakes.paypal.signed(saleCompleted, "WH-ANOTHER-WEBHOOK"))).status).toBe(400);
    const unsigned = { ...genuine, headers: { "content-type": "application/json" } };
    expect((await app.request(HOOK, unsigned)).status).toBe(400);
    expect(await database.db.select().from(webhookEvents)).toHaveLength(0);
    expect(await vip(token)).toBe(false);
    // The test-mode path does not exist in a live process.
    expect((await app.request("/api/webhooks/paypal/sandbox", genuine)).status).toBe(404);
  });

  it("buys with a coupon: the discounted price is the subscription's override, and it grants", async () => {
    await createCoupon(database.db, { code: "PAYPAL10", percent_off: 10 }, "test");
    const { token, order } = await buy("paypal-coupon@example.com", "PAYPAL10");
    expect(order).toMatchObject({ amount: 4309, couponCode: "PAYPAL10" });
    const created = fakes.paypal.requests.findLast((request) => request.path === "/v1/billing/subscriptions");
    expect(created?.body.plan).toMatchObject({
      billing_cycles: [{ pricing_scheme: { fixed_price: { value: "43.09", currency_code: "USD" } } }],
    });
    const { saleCompleted } = fakes.paypal.pay(String(order?.providerReference));
    expect((await deliver(saleCompleted)).status).toBe(200);
    expect(await vip(token)).toBe(true);
    expect((await database.db.select().from(webhookEvents))[0]?.rejectedReason).toBeNull();
  });

  it("turns renewal off by suspending at PayPal and back on by reactivating; refuses when PayPal refuses", async () => {
    const { token, order } = await buy("paypal-cancel@example.com");
    const ref = String(order?.providerReference);
    const { saleCompleted } = fakes.paypal.pay(ref);
    expect((await deliver(saleCompleted)).status).toBe(200);
    const [sub] = await database.db.select().from(subscriptions);

    fakes.paypal.failNext(500);
    const refused = await call("POST", `${WEB}/subscription_cancel`, { appType: "101", token, body: { id: sub?.id } });
    expect(refused.body.code).toBe(40121);
    expect(fakes.paypal.subscriptions.get(ref)?.status).toBe("ACTIVE");

    const canceled = await call("POST", `${WEB}/subscription_cancel`, { appType: "101", token, body: { id: sub?.id } });
    expect(canceled.body.data).toMatchObject({ status: "canceled", auto_renew: false });
    expect(fakes.paypal.subscriptions.get(ref)?.status).toBe("SUSPENDED");
    expect(await vip(token)).toBe(true);
    // PayPal's own notice of the suspension changes nothing more.
    expect((await deliver(fakes.paypal.subscriptionEvent(ref, "BILLING.SUBSCRIPTION.SUSPENDED"))).status).toBe(200);

    const resumed = await call("POST", `${WEB}/subscription_resume`, { appType: "101", token, body: { id: sub?.id } });
    expect(resumed.body.data).toMatchObject({ status: "active", auto_renew: true });
    expect(fakes.paypal.subscriptions.get(ref)?.status).toBe("ACTIVE");

    // Cancelled by the customer in their PayPal account: renewal off here too, and PayPal cannot
    // reactivate it, so resuming is refused and renewal stays off.
    fakes.paypal.subscriptions.get(ref)!.status = "CANCELLED";
    expect((await deliver(fakes.paypal.subscriptionEvent(ref, "BILLING.SUBSCRIPTION.CANCELLED"))).status).toBe(200);
    const mine = await call("GET", `${WEB}/subscription_my`, { appType: "101", token });
    expect(mine.body.data?.subscriptions).toMatchObject([{ auto_renew: false }]);
    const again = await call("POST", `${WEB}/subscription_resume`, { appType: "101", token, body: { id: sub?.id } });
    expect(again.body.code).toBe(40121);
    expect(await vip(token)).toBe(true);
  });

  it("refunds the first payment's capture in full, cancels the subscription at PayPal, and ends access", async () => {
    const { token, order } = await buy("paypal-refund@example.com");
    const ref = String(order?.providerReference);
    const { saleCompleted } = fakes.paypal.pay(ref);
    expect((await deliver(saleCompleted)).status).toBe(200);

    fakes.paypal.failNext(500);
    const failed = await call("POST", `${WEB}/refund`, { appType: "101", token, body: { order_id: order?.id } });
    expect(failed.body.code).toBe(40121);
    expect(await vip(token)).toBe(true);

    const answer = await call("POST", `${WEB}/refund`, { appType: "101", token, body: { order_id: order?.id } });
    expect(answer.body.data).toEqual({ outcome: "refunded" });
    // The fake lives for the whole file (both databases): this sale's refunds only.
    const sale = (saleCompleted.resource as { id: string }).id;
    const made = [...fakes.paypal.refunds.values()].filter((refund) => refund.capture_id === sale);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ status: "COMPLETED", amount: { value: "47.88", currency_code: "USD" } });
    expect(fakes.paypal.subscriptions.get(ref)?.status).toBe("CANCELLED");
    expect(await vip(token)).toBe(false);
    const [row] = await database.db
      .select()
      .from(orders)
      .where(eq(orders.id, String(order?.id)));
    expect(row?.status).toBe("refunded");

    // PayPal's notice of the cancellation that followed grants nothing back.
    expect((await deliver(fakes.paypal.subscriptionEvent(ref, "BILLING.SUBSCRIPTION.CANCELLED"))).status).toBe(200);
    expect(await vip(token)).toBe(false);
  });

  it("offers no plan switch to a PayPal subscriber, and refuses one asked for with its own code", async () => {
    const { token, order } = await buy("paypal-switch@example.com");
    const { saleCompleted } = fakes.paypal.pay(String(order?.providerReference));
    expect((await deliver(saleCompleted)).status).toBe(200);
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
    expect(fakes.paypal.requests.some((request) => request.path.endsWith("/revise"))).toBe(false);
  });

  it("ends access on a full refund made in PayPal's dashboard, not on a partial one", async () => {
    const partial = await buy("paypal-partial@example.com");
    const partialSale = fakes.paypal.pay(String(partial.order?.providerReference)).saleCompleted;
    expect((await deliver(partialSale)).status).toBe(200);
    const part = fakes.paypal.refundInDashboard((partialSale.resource as { id: string }).id, "partial");
    expect((await deliver(part)).status).toBe(200);
    expect(await vip(partial.token)).toBe(true);

    const full = await buy("paypal-dashboard@example.com");
    const fullSale = fakes.paypal.pay(String(full.order?.providerReference)).saleCompleted;
    expect((await deliver(fullSale)).status).toBe(200);
    const refunded = fakes.paypal.refundInDashboard((fullSale.resource as { id: string }).id);
    expect((await deliver(refunded)).status).toBe(200);
    expect(await vip(full.token)).toBe(false);
    const [row] = await database.db
      .select()
      .from(orders)
      .where(eq(orders.id, String(full.order?.id)));
    expect(row?.status).toBe("refunded");
  });

  it("ends access on a chargeback (PAYMENT.SALE.REVERSED) of the subscription's payment", async () => {
    const { token, order } = await buy("paypal-chargeback@example.com");
    const { saleCompleted } = fakes.paypal.pay(String(order?.providerReference));
    expect((await deliver(saleCompleted)).status).toBe(200);
    const reversed = {
      ...saleCompleted,
      id: `${String(saleCompleted.id)}-R`,
      event_type: "PAYMENT.SALE.REVERSED",
      create_time: new Date(Date.now() + 1000).toISOString(),
    };
    expect((await deliver(reversed)).status).toBe(200);
    expect(await vip(token)).toBe(false);
  });
});

describe("the PayPal processor against the fake", () => {
  const processor = () =>
    paypalProcessor({
      clientId: PAYPAL_CLIENT_ID,
      clientSecret: PAYPAL_CLIENT_SECRET,
      webhookId: fakes.paypal.webhookId,
      environment: "live",
      httpsAgent: fakes.paypal.agent(),
    });
  const purchase = {
    orderId: "ord_direct",
    planId: "2-years",
    months: 24,
    amountMinor: 7176,
    currency: "GBP",
    email: "direct@example.com",
    returnUrl: "https://vpn.example/en/paystatus",
    cancelUrl: "https://vpn.example/en/pricing",
    planName: "2 years",
  };

  it("recovers from a failed OAuth token request: that call fails, the next one fetches a token again", async () => {
    const paypal = processor();
    fakes.paypal.failNext(503);
    await expect(paypal.createPurchase({ ...purchase, orderId: "ord_token" })).rejects.toThrow();
    const { webUrl, reference } = await paypal.createPurchase({ ...purchase, orderId: "ord_token" });
    expect(webUrl).toMatch(/ba_token=/);
    expect(reference).toMatch(/^I-/);
  });

  it("bills a 24-month plan every 2 years, and gives PayPal's own subscription page for the payment method", async () => {
    const paypal = processor();
    const { reference } = await paypal.createPurchase(purchase);
    const planId = fakes.paypal.subscriptions.get(reference)?.plan_id;
    expect(fakes.paypal.plans.get(String(planId))).toMatchObject({
      billing_cycles: [{ frequency: { interval_unit: "YEAR", interval_count: 2 } }],
    });
    fakes.paypal.pay(reference);
    expect(
      await paypal.paymentMethodUrl({ subscriptionRef: reference, returnUrl: "https://vpn.example/account" }),
    ).toBe(`https://www.paypal.com/myaccount/autopay/connect/${reference}`);
    await expect(paypal.paymentMethodUrl({ subscriptionRef: "I-MISSING", returnUrl: "x" })).rejects.toThrow();
  });

  it("finds its PayPal plan again after a restart, by the plan's key, instead of making another", async () => {
    const creations = () =>
      fakes.paypal.requests.filter((request) => request.method === "POST" && request.path === "/v1/billing/plans");
    const eur = { ...purchase, currency: "EUR", planId: "1-month", months: 1, amountMinor: 999 };
    const first = await processor().createPurchase({ ...eur, orderId: "ord_before_restart" });
    const before = creations().length;
    const second = await processor().createPurchase({ ...eur, orderId: "ord_after_restart" });
    expect(creations()).toHaveLength(before);
    const planOf = (reference: string) => fakes.paypal.subscriptions.get(reference)?.plan_id;
    expect(planOf(second.reference)).toBe(planOf(first.reference));
    expect(fakes.paypal.plans.get(String(planOf(first.reference)))?.description).toBe("veilport:1-month:EUR:1");
  });

  it("answers a pending refund as pending", async () => {
    const paypal = processor();
    const { reference } = await paypal.createPurchase({ ...purchase, orderId: "ord_pending" });
    fakes.paypal.pay(reference);
    fakes.paypal.refundStatus = "PENDING";
    await expect(
      paypal.refundPurchase({ orderId: "ord_pending", reference, subscriptionRef: reference }),
    ).resolves.toBe("pending");
  });

  it("refuses plan switches clearly (PayPal's revise needs the buyer's approval and does not prorate)", async () => {
    const request = {
      orderId: "ord_x",
      subscriptionRef: "I-X",
      timing: "now" as const,
      prorationDate: new Date(),
      currency: "USD",
      current: { planId: "1-month", months: 1, amountMinor: 999, periodEnd: new Date() },
      target: { planId: "1-year", months: 12, amountMinor: 4788, planName: "1 year" },
    };
    await expect(processor().previewPlanChange(request)).rejects.toThrow(/cannot switch plans/);
    await expect(processor().changePlan(request)).rejects.toThrow(/cannot switch plans/);
  });
});
