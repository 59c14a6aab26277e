import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { noCaptchaVerifier } from "../../core/captcha/remote-captcha";
import { seedDemoData } from "../../core/demo/seed";
import type { DatabaseHandle } from "../../db/client";
import { orders, subscriptions } from "../../db/schema";
import { apiClient, signUpBuyer } from "../helpers/api-client";
import { LIVE_ENV, paddleSigned, setUpProcessorFakes, stripeSigned } from "../helpers/processor-fakes";
import { createTestApp } from "../helpers/test-app";
import { testDatabaseTargets } from "../helpers/test-databases";

// The plan switcher (decision 037) through Stripe's and Paddle's official SDKs against local fakes
// of their APIs: the processor's preview, the prorated update now, and a switch at the renewal
// (Stripe: a subscription schedule; Paddle: full_next_billing_period), cancelled again.
const P = "/api/mms/payment/v1/providers";
const SWITCH = "/api/mms/payment/v1/web/plan_switch";
const fakes = setUpProcessorFakes();

type Obj = Record<string, unknown>;

describe.each(testDatabaseTargets())("plan switches through the processors' SDKs on $name", (target) => {
  let database: DatabaseHandle;
  let app: ReturnType<typeof createTestApp>;
  let call: ReturnType<typeof apiClient>;

  beforeEach(async () => {
    database = await target.open();
    await seedDemoData(database.db, { withDemoUser: false });
    app = createTestApp(database, {
      env: LIVE_ENV,
      deps: { captcha: noCaptchaVerifier(), payments: fakes.livePayments() },
    });
    call = apiClient(app);
  });
  afterEach(async () => database.close());

  /** A buyer of the monthly plan through the processor (its webhook delivered). */
  const monthlyBuyer = async (email: string, code: "s1" | "pd") => {
    const token = await signUpBuyer(call, email);
    const path = code === "s1" ? `${P}/s1/create_subscription` : `${P}/common/pd/prepurchase`;
    const started = await call("POST", path, {
      appType: "101",
      token,
      body: { plan_id: "1-month", currency: "USD", recasign: "t", client_info: { language: "en" } },
    });
    const orderId = String((started.body.data?.value as { order_id?: string } | undefined)?.order_id);
    const [order] = await database.db.select().from(orders).where(eq(orders.id, orderId));
    const reference = String(order?.providerReference);
    let subscriptionRef: string;
    if (code === "s1") {
      const { invoicePaid, subscription } = fakes.stripe.pay(reference);
      subscriptionRef = String(subscription.id);
      expect((await app.request("/api/webhooks/stripe/production", stripeSigned(invoicePaid))).status).toBe(200);
    } else {
      const { completed, subscription } = fakes.paddle.pay(reference);
      subscriptionRef = String(subscription.id);
      expect((await app.request("/api/webhooks/paddle/production", paddleSigned(completed))).status).toBe(200);
    }
    const [row] = await database.db.select().from(subscriptions).where(eq(subscriptions.orderId, orderId));
    return { token, orderId, subscriptionRef, userId: Number(row?.userId) };
  };
  const post = (token: string, path: string, body: Obj) =>
    call("POST", `${SWITCH}${path}`, { appType: "101", token, body });
  const stored = async (userId: number) =>
    (await database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0];

  describe("Stripe", () => {
    it("previews with an invoice preview, upgrades with a prorated update, schedules and releases the renewal", async () => {
      const buyer = await monthlyBuyer("stripe-switch@example.com", "s1");
      const preview = await post(buyer.token, "/preview", { plan_id: "1-year", timing: "now" });
      expect(preview.status).toBe(200);
      // Just paid: almost the whole month is credited.
      const amount = Number(preview.body.data?.amount);
      expect(amount).toBeGreaterThanOrEqual(4788 - 1299);
      expect(amount).toBeLessThan(4788 - 1290);
      expect(preview.body.data).toMatchObject({ currency: "USD", device_limit: 8 });
      expect(fakes.stripe.requests.some((r) => r.path === "/v1/invoices/create_preview")).toBe(true);

      // The card is declined: Stripe refuses the update, and nothing changes here.
      fakes.stripe.failNext(402, "card_error", "Your card was declined.");
      const declined = await post(buyer.token, "", { plan_id: "1-year", timing: "now" });
      expect([declined.status, declined.body.code]).toEqual([400, 40121]);
      expect(await stored(buyer.userId)).toMatchObject({ planId: "1-month", planAmount: null });

      // Confirmed with the preview's moment: charged exactly the amount shown, however long the customer read.
      const quotedAt = String(preview.body.data?.quoted_at);
      const switched = await post(buyer.token, "", { plan_id: "1-year", timing: "now", quoted_at: quotedAt });
      expect(switched.status).toBe(200);
      expect(Number(switched.body.data?.amount)).toBe(amount);
      const update = fakes.stripe.requests.findLast((r) => r.path === `/v1/subscriptions/${buyer.subscriptionRef}`);
      expect(update?.form.get("proration_date")).toBe(String(Math.floor(Date.parse(quotedAt) / 1000)));
      expect(update?.form.get("proration_behavior")).toBe("always_invoice");
      expect(update?.form.get("payment_behavior")).toBe("error_if_incomplete");
      expect(update?.form.get("items[0][price_data][unit_amount]")).toBe("4788");
      expect(update?.form.get("metadata[plan_id]")).toBe("1-year");
      const subscription = fakes.stripe.subscriptions.get(buyer.subscriptionRef) as Obj;
      const item = ((subscription.items as Obj).data as Obj[])[0] as Obj;
      expect(item.price).toMatchObject({ unit_amount: 4788, recurring: { interval_count: 12 } });
      const row = await stored(buyer.userId);
      expect(row).toMatchObject({ planId: "1-year", planAmount: 4788 });
      expect(row?.currentPeriodEnd?.getTime()).toBe(Number(item.current_period_end) * 1000);

      // At the renewal: a schedule whose next phase is the two-year price; cancelled: released.
      const scheduled = await post(buyer.token, "", { plan_id: "2-years", timing: "at_renewal" });
      expect(scheduled.body.data).toMatchObject({ amount: 8376, period_end: null });
      const scheduleId = String(subscription.schedule);
      const schedule = fakes.stripe.schedules.get(scheduleId) as { phases: Obj[]; end_behavior: string };
      expect(schedule.end_behavior).toBe("release");
      expect(schedule.phases[0]).toMatchObject({ end_date: item.current_period_end });
      expect(schedule.phases[1]).toMatchObject({
        items: [{ unit_amount: 8376, interval_count: 24 }],
        metadata: { plan_id: "2-years" },
      });
      expect(await stored(buyer.userId)).toMatchObject({ scheduledPlanId: "2-years", scheduledPlanAmount: 8376 });
      const canceled = await post(buyer.token, "/cancel", {});
      expect(canceled.body.data).toEqual({ canceled: true });
      expect(fakes.stripe.schedules.get(scheduleId)).toMatchObject({ status: "released" });
      expect(subscription.schedule).toBeNull();
      expect(await stored(buyer.userId)).toMatchObject({ planId: "1-year", scheduledPlanId: null });
    });
  });

  describe("Paddle", () => {
    it("previews with previewUpdate, upgrades prorated_immediately, schedules with full_next_billing_period", async () => {
      const buyer = await monthlyBuyer("paddle-switch@example.com", "pd");
      const preview = await post(buyer.token, "/preview", { plan_id: "1-year", timing: "now" });
      expect(preview.status).toBe(200);
      const amount = Number(preview.body.data?.amount);
      expect(amount).toBeGreaterThanOrEqual(4788 - 1299);
      expect(amount).toBeLessThan(4788 - 1290);
      const previewCall = fakes.paddle.requests.findLast(
        (r) => r.path === `/subscriptions/${buyer.subscriptionRef}/preview`,
      );
      expect(previewCall?.body.proration_billing_mode).toBe("prorated_immediately");

      fakes.paddle.failNext(400, "subscription_update_transaction_balance_less_than_charge_limit");
      const refused = await post(buyer.token, "", { plan_id: "1-year", timing: "now" });
      expect([refused.status, refused.body.code]).toEqual([400, 40121]);
      expect(await stored(buyer.userId)).toMatchObject({ planId: "1-month" });

      // Paddle prorates as of the update (it takes no proration date): a cent more at most by now.
      const switched = await post(buyer.token, "", { plan_id: "1-year", timing: "now" });
      expect(switched.status).toBe(200);
      expect(Number(switched.body.data?.amount) - amount).toBeGreaterThanOrEqual(0);
      expect(Number(switched.body.data?.amount) - amount).toBeLessThanOrEqual(1);
      const subscription = fakes.paddle.subscriptions.get(buyer.subscriptionRef) as Obj;
      expect(subscription).toMatchObject({ _mode: "prorated_immediately", _amount: 4788, _months: 12 });
      expect(subscription.custom_data).toMatchObject({ order_id: buyer.orderId, plan_id: "1-year" });
      const update = fakes.paddle.requests.findLast(
        (r) => r.method === "PATCH" && r.path === `/subscriptions/${buyer.subscriptionRef}`,
      );
      expect(update?.body.on_payment_failure).toBe("prevent_change");
      const row = await stored(buyer.userId);
      expect(row).toMatchObject({ planId: "1-year", planAmount: 4788 });
      expect(row?.currentPeriodEnd?.toISOString()).toBe(
        (subscription.current_billing_period as { ends_at: string }).ends_at,
      );

      const scheduled = await post(buyer.token, "", { plan_id: "1-month", timing: "at_renewal" });
      expect(scheduled.body.data).toMatchObject({ amount: 1299, period_end: null });
      expect(subscription).toMatchObject({ _mode: "full_next_billing_period", _next_amount: 1299 });
      expect((await call("GET", SWITCH, { appType: "101", token: buyer.token })).body.data?.subscription).toMatchObject(
        {
          scheduled: { plan_id: "1-month", amount: 1299 },
        },
      );
      await post(buyer.token, "/cancel", {});
      // Back to the yearly item, with nothing billed.
      expect(subscription).toMatchObject({ _mode: "do_not_bill", _next_amount: 4788 });
      expect(await stored(buyer.userId)).toMatchObject({ planId: "1-year", scheduledPlanId: null });
    });
  });
});
