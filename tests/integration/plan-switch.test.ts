import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { paymentMethodPage } from "../../core/billing/payment-method";
import { prorationQuote } from "../../core/billing/plan-switch-rules";
import type { PaymentProcessor } from "../../core/billing/providers/payment-provider";
import { createProcessors, type ProcessorSet } from "../../core/billing/providers/processors";
import { sandboxProcessor } from "../../core/billing/providers/sandbox";
import { SANDBOX_SIGNATURE_HEADER, signSandboxPayload } from "../../core/billing/providers/sandbox-signature";
import { noCaptchaVerifier } from "../../core/captcha/remote-captcha";
import { seedDemoData } from "../../core/demo/seed";
import { bindDevice } from "../../core/devices/bind-device";
import { listDevices } from "../../core/devices/devices";
import { createVoucherBatch } from "../../core/vouchers/vouchers";
import type { DatabaseHandle } from "../../db/client";
import { orders, planPrices, plans, subscriptions } from "../../db/schema";
import { apiClient } from "../helpers/api-client";
import { createTestApp } from "../helpers/test-app";
import { testDatabaseTargets } from "../helpers/test-databases";

// The plan switcher (decision 037) through the API, on the sandbox processor.
const SECRET = "sandbox-test-secret";
const SWITCH = "/api/mms/payment/v1/web/plan_switch";
const DAY = 86_400;
const MONTH = Math.round(30.44 * DAY);
const seconds = () => Math.floor(Date.now() / 1000);

describe.each(testDatabaseTargets())("switching plans on $name", (target) => {
  let database: DatabaseHandle;
  let call: ReturnType<typeof apiClient>;
  let app: ReturnType<typeof createTestApp>;
  const unreachable = { on: false };
  let processor: PaymentProcessor;

  beforeEach(async () => {
    database = await target.open();
    await seedDemoData(database.db, { withDemoUser: false });
    unreachable.on = false;
    const sandbox = sandboxProcessor(database.db, { secret: SECRET, origin: "" });
    const failing =
      <A extends unknown[], R>(method: (...args: A) => Promise<R>) =>
      async (...args: A) => {
        if (unreachable.on) throw new Error("connect ECONNREFUSED");
        return method(...args);
      };
    processor = {
      ...sandbox,
      previewPlanChange: failing(sandbox.previewPlanChange),
      changePlan: failing(sandbox.changePlan),
      cancelPlanChange: failing(sandbox.cancelPlanChange),
    };
    const payments: ProcessorSet = {
      ...createProcessors({ mode: "sandbox", sandbox }),
      byName: (name) => (name === "sandbox" ? processor : null),
      forCode: () => processor,
      forWebhook: (name) => (name === "sandbox" ? processor : null),
    };
    app = createTestApp(database, { deps: { captcha: noCaptchaVerifier(), sandbox, payments } });
    call = apiClient(app);
  });
  afterEach(async () => database.close());

  const signup = async (email: string) => {
    const answer = await call("POST", "/api/mms/account/v1/web/anonymous_signup", {
      appType: "101",
      body: { email, recasign: "t" },
    });
    return { token: String(answer.body.data?.token), userId: Number(answer.body.data?.user_id) };
  };

  /** A signed sandbox webhook, as the sandbox delivers it. */
  const deliver = async (body: Record<string, unknown>) => {
    const raw = JSON.stringify(body);
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

  /** A paid monthly sandbox order, paid `daysAgo` days ago. */
  const buyMonthly = async (token: string, daysAgo = 0) => {
    const started = await call("POST", "/api/mms/payment/v1/providers/ps/purchase", {
      appType: "101",
      token,
      body: { plan_id: "1-month", currency: "USD", recasign: "t" },
    });
    const orderId = String((started.body.data?.value as { order_id?: string } | undefined)?.order_id);
    const paidAt = seconds() - daysAgo * DAY;
    await deliver({
      id: `evt_${orderId}`,
      type: "payment_succeeded",
      order_id: orderId,
      subscription: `sub_${orderId}`,
      created: paidAt,
      period_end: paidAt + MONTH,
      amount: 1299,
      currency: "USD",
      plan_id: "1-month",
    });
    return { orderId, periodEnd: new Date((paidAt + MONTH) * 1000) };
  };

  const status = async (token: string) => (await call("GET", SWITCH, { appType: "101", token })).body.data;
  const post = (token: string, path: string, body: Record<string, unknown>) =>
    call("POST", `${SWITCH}${path}`, { appType: "101", token, body });
  const limitOf = async (userId: number) => (await listDevices(database.db, userId)).limit;
  const subscriptionOf = async (userId: number) =>
    (await database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0];

  it("shows the plan and upgrades now at the prorated price: the plan, period and device limit follow", async () => {
    const { token, userId } = await signup("upgrade@example.com");
    const { orderId, periodEnd } = await buyMonthly(token, 10);
    const shown = await status(token);
    expect(shown).toMatchObject({
      subscription: {
        plan_id: "1-month",
        plan_months: 1,
        device_limit: 5,
        currency: "USD",
        amount: 1299,
        scheduled: null,
      },
    });
    expect(shown?.choices).toEqual([
      { plan_id: "2-years", plan_months: 24, device_limit: 10, amount: 8376, now: null, at_renewal: null },
      { plan_id: "1-year", plan_months: 12, device_limit: 8, amount: 4788, now: null, at_renewal: null },
    ]);
    expect(await limitOf(userId)).toBe(5);

    const before = Date.now();
    const preview = await post(token, "/preview", { plan_id: "1-year", timing: "now" });
    expect(preview.status).toBe(200);
    const expected = prorationQuote({
      currentPriceMinor: 1299,
      currentMonths: 1,
      currentPeriodEnd: periodEnd,
      targetPriceMinor: 4788,
      targetMonths: 12,
      now: new Date(before),
    });
    const amount = Number(preview.body.data?.amount);
    // About two thirds of the month is unused: roughly 866 of 1299 credited.
    expect(Math.abs(amount - expected.amountDueMinor)).toBeLessThanOrEqual(1);
    expect(amount).toBeGreaterThan(4788 - 1299);
    expect(amount).toBeLessThan(4788);
    expect(preview.body.data).toMatchObject({ plan_id: "1-year", timing: "now", currency: "USD", device_limit: 8 });
    // A preview changes nothing.
    expect((await subscriptionOf(userId))?.planId).toBe("1-month");

    // Confirmed with the preview's moment, the switch charges exactly the amount shown.
    const switched = await post(token, "", {
      plan_id: "1-year",
      timing: "now",
      quoted_at: preview.body.data?.quoted_at,
    });
    expect(switched.status).toBe(200);
    expect(switched.body.data).toMatchObject({ plan_id: "1-year", device_limit: 8, devices_unbound: 0 });
    expect(Number(switched.body.data?.amount)).toBe(amount);
    const after = await subscriptionOf(userId);
    expect(after).toMatchObject({ planId: "1-year", planAmount: 4788, status: "active" });
    expect(after?.currentPeriodEnd?.getTime()).toBeGreaterThan(Date.now() + 360 * DAY * 1000);
    expect(await limitOf(userId)).toBe(8);
    // The prorated charge is a paid order of the new plan; the first order is unchanged.
    const paid = await database.db.select().from(orders).where(eq(orders.userId, userId));
    expect(paid.find((row) => row.id === orderId)).toMatchObject({ planId: "1-month", amount: 1299, status: "active" });
    expect(paid.find((row) => row.id !== orderId)).toMatchObject({
      planId: "1-year",
      amount: Number(switched.body.data?.amount),
      status: "active",
      currency: "USD",
    });
    expect((await status(token))?.subscription).toMatchObject({ plan_id: "1-year", amount: 4788, device_limit: 8 });
  });

  it("refuses what is not a switch, with nothing changed", async () => {
    const stranger = await signup("stranger@example.com");
    const notSubscriber = await post(stranger.token, "/preview", { plan_id: "1-year", timing: "now" });
    expect([notSubscriber.status, notSubscriber.body.code]).toEqual([400, 40140]);
    expect((await status(stranger.token))?.subscription).toBeNull();

    const { token, userId } = await signup("refusals@example.com");
    await buyMonthly(token, 1);
    const same = await post(token, "", { plan_id: "1-month", timing: "at_renewal" });
    expect([same.status, same.body.code]).toEqual([400, 40141]);
    const unknown = await post(token, "", { plan_id: "10-years", timing: "now" });
    expect([unknown.status, unknown.body.code]).toEqual([404, 40400]);
    // A plan priced only in pounds is not sold to a subscription paid in dollars.
    await database.db.insert(plans).values({ id: "3-months", months: 3, deviceLimit: 6, sortOrder: 4 });
    await database.db
      .insert(planPrices)
      .values({ planId: "3-months", currency: "GBP", listAmount: 2500, saleAmount: 2500 });
    const notSold = await post(token, "", { plan_id: "3-months", timing: "at_renewal" });
    expect([notSold.status, notSold.body.code]).toEqual([400, 40142]);
    const invalid = await post(token, "", { plan_id: "1-year", timing: "tomorrow" });
    expect([invalid.status, invalid.body.code]).toEqual([400, 40000]);

    unreachable.on = true;
    const refused = await post(token, "", { plan_id: "1-year", timing: "now" });
    expect([refused.status, refused.body.code]).toEqual([400, 40121]);
    expect(await subscriptionOf(userId)).toMatchObject({ planId: "1-month", planAmount: null, scheduledPlanId: null });
    expect(await database.db.select().from(orders).where(eq(orders.userId, userId))).toHaveLength(1);
  });

  it("still offers the switch, and the card's page, when a voucher's time follows the plan", async () => {
    const { token, userId } = await signup("voucher-after@example.com");
    await buyMonthly(token, 3);
    const made = await createVoucherBatch(
      database.db,
      { plan_id: "1-month", period_months: 1, period_days: 0, count: 1, expires_at: null, reseller: "shop" },
      "staff@example.com",
    );
    if ("refused" in made) throw new Error(made.refused);
    const redeemed = await call("POST", "/api/mms/account/v1/web/voucher/redeem", {
      appType: "101",
      token,
      body: { code: made.codes[0] },
    });
    expect(redeemed.status).toBe(200);
    // The voucher's month is the account's newest subscription; the plan bought is still the one shown.
    expect((await status(token))?.subscription).toMatchObject({ plan_id: "1-month", amount: 1299 });
    const preview = await post(token, "/preview", { plan_id: "1-year", timing: "now" });
    expect(preview.status).toBe(200);
    const page = await paymentMethodPage(
      { db: database.db, processorFor: (name) => (name === "sandbox" ? processor : null) },
      { userId, subscriptionId: null, returnUrl: "https://vpn.example/myaccount" },
    );
    expect(page).toMatchObject({ ok: true, url: expect.stringMatching(/\/sandbox\/payment-method\/sub_ord_/) });
  });

  it("schedules a switch at the renewal, shows and cancels it, and applies it with the renewal's payment", async () => {
    const { token, userId } = await signup("renewal@example.com");
    const bought = await buyMonthly(token, 2);
    await post(token, "", { plan_id: "2-years", timing: "now" });
    expect(await limitOf(userId)).toBe(10);
    for (let n = 1; n <= 9; n++) {
      const bound = await bindDevice(database.db, {
        userId,
        appType: 101,
        deviceId: `d${n}`,
        deviceName: `Phone ${n}`,
      });
      expect(bound.ok).toBe(true);
    }
    // Cheaper plans only at the renewal.
    const choices = (await status(token))?.choices as Array<{ plan_id: string; now: string | null }>;
    expect(choices.find((choice) => choice.plan_id === "1-year")?.now).toBe("not_an_upgrade");
    const downNow = await post(token, "", { plan_id: "1-year", timing: "now" });
    expect([downNow.status, downNow.body.code]).toEqual([400, 40143]);

    const preview = await post(token, "/preview", { plan_id: "1-year", timing: "at_renewal" });
    const periodEnd = (await subscriptionOf(userId))?.currentPeriodEnd;
    expect(preview.body.data).toMatchObject({ amount: 4788, period_end: null, effective_at: periodEnd?.toISOString() });
    const scheduled = await post(token, "", { plan_id: "1-year", timing: "at_renewal" });
    expect(scheduled.status).toBe(200);
    expect((await status(token))?.subscription).toMatchObject({
      plan_id: "2-years",
      scheduled: { plan_id: "1-year", plan_months: 12, amount: 4788, at: periodEnd?.toISOString() },
    });
    expect(await limitOf(userId)).toBe(10);
    const again = await post(token, "", { plan_id: "1-month", timing: "at_renewal" });
    expect([again.status, again.body.code]).toEqual([409, 40145]);

    const canceled = await post(token, "/cancel", {});
    expect(canceled.body.data).toEqual({ canceled: true });
    expect((await status(token))?.subscription).toMatchObject({ scheduled: null });
    const nothing = await post(token, "/cancel", {});
    expect([nothing.status, nothing.body.code]).toEqual([404, 40400]);

    // Scheduled again; the renewal charges the one-year price and the one-year plan takes over.
    await post(token, "", { plan_id: "1-year", timing: "at_renewal" });
    const renewedAt = seconds() + 60;
    await deliver({
      id: `evt_renewal_${bought.orderId}`,
      type: "payment_succeeded",
      order_id: bought.orderId,
      subscription: `sub_${bought.orderId}`,
      created: renewedAt,
      period_end: renewedAt + 12 * MONTH,
      amount: 4788,
      currency: "USD",
      plan_id: "1-year",
    });
    expect(await subscriptionOf(userId)).toMatchObject({ planId: "1-year", planAmount: 4788, scheduledPlanId: null });
    // Nine devices under the two-year plan's ten; the one-year plan allows eight: the newest goes.
    const left = await listDevices(database.db, userId);
    expect(left.limit).toBe(8);
    expect(left.devices.map((device) => device.deviceId).sort()).toEqual([
      "d1",
      "d2",
      "d3",
      "d4",
      "d5",
      "d6",
      "d7",
      "d8",
    ]);
  });

  it("keeps a renewal that charges a plan nobody switched to out (event checks)", async () => {
    const { token, userId } = await signup("mismatch@example.com");
    const bought = await buyMonthly(token, 2);
    await deliver({
      id: `evt_odd_${bought.orderId}`,
      type: "payment_succeeded",
      order_id: bought.orderId,
      subscription: `sub_${bought.orderId}`,
      created: seconds() + 60,
      period_end: seconds() + 12 * MONTH,
      amount: 4788,
      currency: "USD",
      plan_id: "1-year",
    });
    const row = await subscriptionOf(userId);
    expect(row?.planId).toBe("1-month");
    expect(row?.currentPeriodEnd?.getTime()).toBeLessThan(Date.now() + 40 * DAY * 1000);
    expect(
      await database.db
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.userId, userId), eq(subscriptions.planId, "1-year"))),
    ).toHaveLength(0);
  });
});
