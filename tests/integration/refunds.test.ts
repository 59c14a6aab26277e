import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { PaymentProcessor } from "../../core/billing/providers/payment-provider";
import { createProcessors, type ProcessorSet } from "../../core/billing/providers/processors";
import { sandboxProcessor } from "../../core/billing/providers/sandbox";
import { SANDBOX_SIGNATURE_HEADER, signSandboxPayload } from "../../core/billing/providers/sandbox-signature";
import { noCaptchaVerifier } from "../../core/captcha/remote-captcha";
import { seedDemoData } from "../../core/demo/seed";
import { bindDevice } from "../../core/devices/bind-device";
import { listDevices } from "../../core/devices/devices";
import type { DatabaseHandle } from "../../db/client";
import { mailOutbox, orders, sandboxPayments, subscriptions } from "../../db/schema";
import { apiClient } from "../helpers/api-client";
import { createTestApp } from "../helpers/test-app";
import { testDatabaseTargets } from "../helpers/test-databases";

// The self-served money-back refund (decision 035) through the API, on the sandbox processor.
const SECRET = "sandbox-test-secret";
const WEB = "/api/mms/payment/v1/web";
const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);

/** The sandbox, or a sandbox whose refunds fail as an unreachable processor's do. */
function processorWith(database: DatabaseHandle, unreachable: { on: boolean }): PaymentProcessor {
  const sandbox = sandboxProcessor(database.db, { secret: SECRET, origin: "" });
  return {
    ...sandbox,
    refundPurchase: async (request) => {
      if (unreachable.on) throw new Error("connect ECONNREFUSED");
      return sandbox.refundPurchase(request);
    },
  };
}

describe.each(testDatabaseTargets())("money back within the window on $name", (target) => {
  let database: DatabaseHandle;
  let call: ReturnType<typeof apiClient>;
  let app: ReturnType<typeof createTestApp>;
  const unreachable = { on: false };
  let mailsWoken = 0;

  const open = (refundWindowDays?: number | null) => {
    const sandbox = sandboxProcessor(database.db, { secret: SECRET, origin: "" });
    const processor = processorWith(database, unreachable);
    const payments: ProcessorSet = {
      ...createProcessors({ mode: "sandbox", sandbox }),
      byName: (name) => (name === "sandbox" ? processor : null),
      forCode: () => processor,
      forWebhook: (name) => (name === "sandbox" ? processor : null),
    };
    app = createTestApp(database, {
      deps: {
        captcha: noCaptchaVerifier(),
        sandbox,
        payments,
        onMailQueued: () => mailsWoken++,
        ...(refundWindowDays !== undefined ? { refundWindowDays } : {}),
      },
    });
    call = apiClient(app);
  };

  beforeEach(async () => {
    database = await target.open();
    await seedDemoData(database.db, { withDemoUser: false });
    unreachable.on = false;
    mailsWoken = 0;
    open();
  });
  afterEach(async () => database.close());

  const signup = async (email: string) => {
    const answer = await call("POST", "/api/mms/account/v1/web/anonymous_signup", {
      appType: "101",
      body: { email, recasign: "t" },
    });
    return { token: String(answer.body.data?.token), userId: Number(answer.body.data?.user_id) };
  };

  /** A paid sandbox order of `plan`, paid `daysAgo` days ago (the signed webhook the sandbox sends). */
  const buy = async (token: string, plan = "2-years", daysAgo = 0) => {
    const started = await call("POST", "/api/mms/payment/v1/providers/ps/purchase", {
      appType: "101",
      token,
      body: { plan_id: plan, currency: "USD", recasign: "t", client_info: { language: "de" } },
    });
    const orderId = String((started.body.data?.value as { order_id?: string } | undefined)?.order_id);
    const [order] = await database.db.select().from(orders).where(eq(orders.id, orderId));
    const paidAt = now() - daysAgo * DAY;
    const raw = JSON.stringify({
      id: `evt_${orderId}`,
      type: "payment_succeeded",
      order_id: orderId,
      subscription: `sub_${orderId}`,
      created: paidAt,
      period_end: paidAt + 730 * DAY,
      amount: order?.amount,
      currency: "USD",
      plan_id: plan,
    });
    const delivered = await app.request("/api/webhooks/sandbox", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(SECRET, raw, now()),
      },
      body: raw,
    });
    expect(delivered.status).toBe(200);
    return orderId;
  };

  const status = async (token: string) => (await call("GET", `${WEB}/refund_status`, { appType: "101", token })).body;
  const refund = (token: string, orderId: string) =>
    call("POST", `${WEB}/refund`, { appType: "101", token, body: { order_id: orderId } });
  const vip = async (token: string) =>
    (await call("GET", "/api/mms/account/v1/web/profile", { appType: "101", token })).body.data?.vip as {
      is_vip: boolean;
    };
  const refundMails = async (to: string) =>
    (await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to))).filter((mail) =>
      mail.subject.includes("Erstattung"),
    );

  it("refunds a first purchase within the window: VIP ends, devices over the free limit go, one mail in German", async () => {
    const { token, userId } = await signup("refund@example.com");
    const orderId = await buy(token, "2-years", 3);
    // The two-year plan allows 10 devices; the free limit is 5.
    for (let n = 1; n <= 8; n++) {
      const bound = await bindDevice(database.db, {
        userId,
        appType: 101,
        deviceId: `d${n}`,
        deviceName: `Phone ${n}`,
      });
      expect(bound.ok).toBe(true);
    }
    const before = await status(token);
    expect(before.data).toMatchObject({
      window_days: 30,
      eligible: true,
      reason: null,
      purchase: { order_id: orderId, plan_id: "2-years", currency: "USD" },
    });
    expect(Date.parse(String(before.data?.refundable_until))).toBeGreaterThan(Date.now() + 26 * DAY * 1000);
    expect((await vip(token)).is_vip).toBe(true);

    const answer = await refund(token, orderId);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ outcome: "refunded" });

    expect((await vip(token)).is_vip).toBe(false);
    const [sub] = await database.db.select().from(subscriptions).where(eq(subscriptions.orderId, orderId));
    expect(sub).toMatchObject({ status: "expired", autoRenew: false });
    const [order] = await database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.status).toBe("refunded");
    // The sandbox recorded the money going back.
    const payments = await database.db.select().from(sandboxPayments).where(eq(sandboxPayments.orderId, orderId));
    expect(payments.map((row) => row.status)).toContain("refunded");
    // The oldest five devices stay.
    const { devices, limit } = await listDevices(database.db, userId);
    expect(limit).toBe(5);
    expect(devices.map((device) => device.deviceId)).toEqual(["d1", "d2", "d3", "d4", "d5"]);
    const mails = await refundMails("refund@example.com");
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain(orderId);
    expect(mails[0]?.text).toContain("abgemeldet");
    expect(mailsWoken).toBeGreaterThan(0);

    // A second try: refunded already, and no second mail.
    const again = await refund(token, orderId);
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: 40130, data: { reason: "refunded" } });
    expect((await status(token)).data).toMatchObject({ eligible: false, reason: "refunded" });
    expect(await refundMails("refund@example.com")).toHaveLength(1);
  });

  it("sends later purchases, second purchases and second refunds to support, changing nothing", async () => {
    const late = await signup("late@example.com");
    const lateOrder = await buy(late.token, "1-year", 31);
    expect((await status(late.token)).data).toMatchObject({ eligible: false, reason: "window_over" });
    const refused = await refund(late.token, lateOrder);
    expect(refused.body).toMatchObject({ code: 40130, data: { reason: "window_over" } });
    expect((await vip(late.token)).is_vip).toBe(true);

    const twice = await signup("twice@example.com");
    await buy(twice.token, "1-month", 40);
    const second = await buy(twice.token, "1-year", 1);
    expect((await status(twice.token)).data).toMatchObject({ eligible: false, reason: "not_first_purchase" });
    expect((await refund(twice.token, second)).body).toMatchObject({ data: { reason: "not_first_purchase" } });

    const again = await signup("again@example.com");
    const first = await buy(again.token, "1-month", 2);
    expect((await refund(again.token, first)).status).toBe(200);
    const next = await buy(again.token, "1-month", 0);
    expect((await status(again.token)).data).toMatchObject({ eligible: false, reason: "second_refund" });
    expect((await refund(again.token, next)).body).toMatchObject({ data: { reason: "second_refund" } });
    expect((await vip(again.token)).is_vip).toBe(true);

    // Someone else's order is not found.
    expect((await refund(late.token, first)).status).toBe(404);
  });

  it("changes nothing when the processor cannot be reached", async () => {
    const { token } = await signup("outage@example.com");
    const orderId = await buy(token, "1-year", 1);
    unreachable.on = true;
    const answer = await refund(token, orderId);
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe(40121);
    expect((await vip(token)).is_vip).toBe(true);
    const [order] = await database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.status).toBe("active");
    expect(await refundMails("outage@example.com")).toHaveLength(0);
    expect((await status(token)).data).toMatchObject({ eligible: true });
  });

  it("offers nothing when the operator turned the window off (0)", async () => {
    open(null);
    const { token } = await signup("off@example.com");
    const orderId = await buy(token, "1-year", 1);
    expect((await status(token)).data).toMatchObject({ window_days: null, eligible: false, reason: "off" });
    expect((await refund(token, orderId)).body).toMatchObject({ code: 40130, data: { reason: "off" } });
    expect((await vip(token)).is_vip).toBe(true);
  });
});
