import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { paddleProcessor } from "../../core/billing/providers/paddle";
import { createProcessors } from "../../core/billing/providers/processors";
import { stripeProcessor } from "../../core/billing/providers/stripe";
import { noCaptchaVerifier } from "../../core/captcha/remote-captcha";
import { seedDemoData } from "../../core/demo/seed";
import type { DatabaseHandle } from "../../db/client";
import { mailOutbox, orders, subscriptions } from "../../db/schema";
import { type PaddleFake, startPaddleFake } from "../fakes/paddle-api";
import { type StripeFake, startStripeFake } from "../fakes/stripe-api";
import { apiClient } from "../helpers/api-client";
import { createTestApp } from "../helpers/test-app";
import { testDatabaseTargets } from "../helpers/test-databases";

// Refunds through Stripe's and Paddle's official SDKs against local fakes of their APIs: the
// customer's own (decision 035), and refunds, disputes and chargebacks made on the processor's side.
const P = "/api/mms/payment/v1/providers";
const WEB = "/api/mms/payment/v1/web";
const STRIPE_SECRET = "whsec_live_fake_secret";
const PADDLE_SECRET = "pdl_ntfset_fake_secret";
const LIVE_ENV = {
  PAYMENT_MODE: "live",
  STRIPE_SECRET_KEY: "sk_live_fake",
  STRIPE_WEBHOOK_SECRET: STRIPE_SECRET,
  PADDLE_API_KEY: "pdl_live_apikey_fake",
  PADDLE_WEBHOOK_SECRET: PADDLE_SECRET,
};
const signer = new Stripe("sk_live_fake");
const stripeSigned = (event: object) => {
  const payload = JSON.stringify(event);
  return {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "stripe-signature": signer.webhooks.generateTestHeaderString({ payload, secret: STRIPE_SECRET }),
    },
    body: payload,
  };
};
const paddleSigned = (event: object) => {
  const body = JSON.stringify(event);
  const ts = Math.floor(Date.now() / 1000);
  const h1 = createHmac("sha256", PADDLE_SECRET).update(`${ts}:${body}`).digest("hex");
  return {
    method: "POST",
    headers: { "content-type": "application/json", "paddle-signature": `ts=${ts};h1=${h1}` },
    body,
  };
};

let stripeApi: StripeFake;
let paddleApi: PaddleFake;
beforeAll(async () => {
  stripeApi = await startStripeFake({ livemode: true });
  paddleApi = await startPaddleFake();
});
afterAll(async () => {
  await stripeApi.close();
  await paddleApi.close();
});

describe.each(testDatabaseTargets())("refunds through the processors' SDKs on $name", (target) => {
  let database: DatabaseHandle;
  let app: ReturnType<typeof createTestApp>;
  let call: ReturnType<typeof apiClient>;

  beforeEach(async () => {
    database = await target.open();
    await seedDemoData(database.db, { withDemoUser: false });
    paddleApi.adjustmentStatus = "approved";
    const payments = createProcessors({
      mode: "live",
      processors: {
        stripe: stripeProcessor({
          secretKey: "sk_live_fake",
          webhookSecret: STRIPE_SECRET,
          environment: "live",
          client: stripeApi.client(),
        }),
        paddle: paddleProcessor({
          apiKey: "pdl_live_apikey_fake",
          webhookSecret: PADDLE_SECRET,
          environment: "live",
          apiBaseUrl: paddleApi.url,
        }),
      },
    });
    app = createTestApp(database, { env: LIVE_ENV, deps: { captcha: noCaptchaVerifier(), payments } });
    call = apiClient(app);
  });
  afterEach(async () => database.close());

  /** A signed-up buyer with a paid 1-year plan through the processor (its webhook delivered). */
  const paidBuyer = async (email: string, code: "s1" | "pd") => {
    const signup = await call("POST", "/api/mms/account/v1/web/anonymous_signup", {
      appType: "101",
      body: { email, recasign: "t" },
    });
    const token = String(signup.body.data?.token);
    const path = code === "s1" ? `${P}/s1/create_subscription` : `${P}/common/pd/prepurchase`;
    const started = await call("POST", path, {
      appType: "101",
      token,
      body: { plan_id: "1-year", currency: "USD", recasign: "t", client_info: { language: "en" } },
    });
    const orderId = String((started.body.data?.value as { order_id?: string } | undefined)?.order_id);
    const [order] = await database.db.select().from(orders).where(eq(orders.id, orderId));
    const reference = String(order?.providerReference);
    if (code === "s1") {
      const { invoicePaid } = stripeApi.pay(reference);
      expect((await app.request("/api/webhooks/stripe/production", stripeSigned(invoicePaid))).status).toBe(200);
    } else {
      const { completed } = paddleApi.pay(reference);
      expect((await app.request("/api/webhooks/paddle/production", paddleSigned(completed))).status).toBe(200);
    }
    return { token, orderId, reference, email };
  };
  const vip = async (token: string) => {
    const profile = await call("GET", "/api/mms/account/v1/web/profile", { appType: "101", token });
    return (profile.body.data?.vip as { is_vip?: boolean } | undefined)?.is_vip;
  };
  const refund = (token: string, orderId: string) =>
    call("POST", `${WEB}/refund`, { appType: "101", token, body: { order_id: orderId } });
  const refundMails = async (to: string) =>
    (await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to))).filter((mail) =>
      mail.subject.includes("refund"),
    );
  const subscriptionOf = async (orderId: string) =>
    (await database.db.select().from(subscriptions).where(eq(subscriptions.orderId, orderId)))[0];

  describe("Stripe", () => {
    it("refunds the purchase's payment once and cancels the subscription; Stripe's own events change nothing more", async () => {
      const buyer = await paidBuyer("stripe-refund@example.com", "s1");
      expect(await vip(buyer.token)).toBe(true);
      const answer = await refund(buyer.token, buyer.orderId);
      expect(answer.body.data).toEqual({ outcome: "refunded" });

      const refunds = [...stripeApi.refunds.values()].filter(
        (row) => (row.metadata as Record<string, string>).order_id === buyer.orderId,
      );
      expect(refunds).toHaveLength(1);
      expect(refunds[0]).toMatchObject({ reason: "requested_by_customer", status: "succeeded" });
      const session = stripeApi.sessions.get(buyer.reference);
      expect(stripeApi.subscriptions.get(String(session?.subscription))?.status).toBe("canceled");
      const refundCall = stripeApi.requests.findLast((request) => request.path === "/v1/refunds");
      expect(refundCall?.form.get("payment_intent")).toMatch(/^pi_/);
      expect(await vip(buyer.token)).toBe(false);
      expect((await subscriptionOf(buyer.orderId))?.status).toBe("expired");

      // Stripe then reports the refund and the deletion: nothing changes, no second mail.
      const refunded = stripeApi.chargeEvent(buyer.reference, "charge.refunded");
      expect((await app.request("/api/webhooks/stripe/production", stripeSigned(refunded))).status).toBe(200);
      expect(await vip(buyer.token)).toBe(false);
      expect(await refundMails(buyer.email)).toHaveLength(1);
    });

    it("ends access on a full refund or a dispute made outside the account, not on a partial refund", async () => {
      const partial = await paidBuyer("stripe-partial@example.com", "s1");
      const part = stripeApi.chargeEvent(partial.reference, "charge.refunded", true);
      expect((await app.request("/api/webhooks/stripe/production", stripeSigned(part))).status).toBe(200);
      expect(await vip(partial.token)).toBe(true);

      const full = await paidBuyer("stripe-dashboard@example.com", "s1");
      const event = stripeApi.chargeEvent(full.reference, "charge.refunded");
      expect((await app.request("/api/webhooks/stripe/production", stripeSigned(event))).status).toBe(200);
      expect(await vip(full.token)).toBe(false);
      const [order] = await database.db.select().from(orders).where(eq(orders.id, full.orderId));
      expect(order?.status).toBe("refunded");
      expect(await refundMails(full.email)).toHaveLength(1);

      const disputed = await paidBuyer("stripe-dispute@example.com", "s1");
      const dispute = stripeApi.chargeEvent(disputed.reference, "charge.dispute.created");
      expect((await app.request("/api/webhooks/stripe/production", stripeSigned(dispute))).status).toBe(200);
      expect(await vip(disputed.token)).toBe(false);
    });

    it("ends access when the subscription is deleted in Stripe", async () => {
      const buyer = await paidBuyer("stripe-deleted@example.com", "s1");
      const session = stripeApi.sessions.get(buyer.reference);
      const subscription = stripeApi.subscriptions.get(String(session?.subscription));
      const deleted = {
        id: `evt_deleted_${buyer.orderId}`,
        object: "event",
        livemode: true,
        created: Math.floor(Date.now() / 1000) + 1,
        type: "customer.subscription.deleted",
        data: { object: { ...subscription, status: "canceled" } },
      };
      expect((await app.request("/api/webhooks/stripe/production", stripeSigned(deleted))).status).toBe(200);
      expect(await vip(buyer.token)).toBe(false);
    });

    it("changes nothing when Stripe fails", async () => {
      const buyer = await paidBuyer("stripe-outage@example.com", "s1");
      stripeApi.failNext(500);
      const answer = await refund(buyer.token, buyer.orderId);
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe(40121);
      expect(await vip(buyer.token)).toBe(true);
      expect(await refundMails(buyer.email)).toHaveLength(0);
    });
  });

  describe("Paddle", () => {
    it("refunds through an approved adjustment and cancels the subscription at once", async () => {
      const buyer = await paidBuyer("paddle-refund@example.com", "pd");
      const answer = await refund(buyer.token, buyer.orderId);
      expect(answer.body.data).toEqual({ outcome: "refunded" });
      const sent = paddleApi.requests.findLast((request) => request.path === "/adjustments")?.body;
      expect(sent).toMatchObject({ action: "refund", type: "full", transaction_id: buyer.reference });
      const transaction = paddleApi.transactions.get(buyer.reference);
      expect(paddleApi.subscriptions.get(String(transaction?.subscription_id))?.status).toBe("canceled");
      expect(await vip(buyer.token)).toBe(false);
      expect(await refundMails(buyer.email)).toHaveLength(1);
    });

    it("waits for Paddle's approval of a refund under review: access ends with the approval's webhook", async () => {
      paddleApi.adjustmentStatus = "pending_approval";
      const buyer = await paidBuyer("paddle-review@example.com", "pd");
      const answer = await refund(buyer.token, buyer.orderId);
      expect(answer.body.data).toEqual({ outcome: "pending" });
      expect(await vip(buyer.token)).toBe(true);
      expect(await refundMails(buyer.email)).toHaveLength(0);
      const transaction = paddleApi.transactions.get(buyer.reference);
      // No renewal meanwhile: the cancellation is scheduled for the period's end.
      const subscription = paddleApi.subscriptions.get(String(transaction?.subscription_id));
      expect(subscription?.scheduled_change).toMatchObject({ action: "cancel" });

      const approved = paddleApi.adjustmentEvent(buyer.reference, { action: "refund", status: "approved" });
      expect((await app.request("/api/webhooks/paddle/production", paddleSigned(approved))).status).toBe(200);
      expect(await vip(buyer.token)).toBe(false);
      expect(await refundMails(buyer.email)).toHaveLength(1);
    });

    it("ends access on a chargeback or a full refund made in Paddle, not on a partial one or one still pending", async () => {
      const partial = await paidBuyer("paddle-partial@example.com", "pd");
      for (const change of [
        { action: "refund", status: "approved", type: "partial" },
        { action: "refund", status: "pending_approval" },
      ] as const) {
        const event = paddleApi.adjustmentEvent(partial.reference, change);
        expect((await app.request("/api/webhooks/paddle/production", paddleSigned(event))).status).toBe(200);
      }
      expect(await vip(partial.token)).toBe(true);

      const charged = await paidBuyer("paddle-chargeback@example.com", "pd");
      const chargeback = paddleApi.adjustmentEvent(charged.reference, { action: "chargeback", status: "approved" });
      expect((await app.request("/api/webhooks/paddle/production", paddleSigned(chargeback))).status).toBe(200);
      expect(await vip(charged.token)).toBe(false);
      const [order] = await database.db.select().from(orders).where(eq(orders.id, charged.orderId));
      expect(order?.status).toBe("refunded");
    });

    it("changes nothing when Paddle fails", async () => {
      const buyer = await paidBuyer("paddle-outage@example.com", "pd");
      paddleApi.failNext(503);
      const answer = await refund(buyer.token, buyer.orderId);
      expect(answer.body.code).toBe(40121);
      expect(await vip(buyer.token)).toBe(true);
      expect((await subscriptionOf(buyer.orderId))?.status).toBe("active");
    });
  });
});
