import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { noCaptchaVerifier } from "../../core/captcha/remote-captcha";
import { seedDemoData } from "../../core/demo/seed";
import type { DatabaseHandle } from "../../db/client";
import { mailOutbox, orders, subscriptions } from "../../db/schema";
import { apiClient, signUpBuyer } from "../helpers/api-client";
import { LIVE_ENV, paddleSigned, setUpProcessorFakes, stripeSigned } from "../helpers/processor-fakes";
import { createTestApp } from "../helpers/test-app";
import { testDatabaseTargets } from "../helpers/test-databases";

// Refunds through Stripe's and Paddle's official SDKs against local fakes of their APIs: the
// customer's own (decision 035), and refunds, disputes and chargebacks made on the processor's side.
const P = "/api/mms/payment/v1/providers";
const WEB = "/api/mms/payment/v1/web";
const fakes = setUpProcessorFakes();

describe.each(testDatabaseTargets())("refunds through the processors' SDKs on $name", (target) => {
  let database: DatabaseHandle;
  let app: ReturnType<typeof createTestApp>;
  let call: ReturnType<typeof apiClient>;

  beforeEach(async () => {
    database = await target.open();
    await seedDemoData(database.db, { withDemoUser: false });
    fakes.paddle.adjustmentStatus = "approved";
    app = createTestApp(database, {
      env: LIVE_ENV,
      deps: { captcha: noCaptchaVerifier(), payments: fakes.livePayments() },
    });
    call = apiClient(app);
  });
  afterEach(async () => database.close());

  /** A signed-up buyer with a paid 1-year plan through the processor (its webhook delivered). */
  const paidBuyer = async (email: string, code: "s1" | "pd") => {
    const token = await signUpBuyer(call, email);
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
      const { invoicePaid } = fakes.stripe.pay(reference);
      expect((await app.request("/api/webhooks/stripe/production", stripeSigned(invoicePaid))).status).toBe(200);
    } else {
      const { completed } = fakes.paddle.pay(reference);
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

      const refunds = [...fakes.stripe.refunds.values()].filter(
        (row) => (row.metadata as Record<string, string>).order_id === buyer.orderId,
      );
      expect(refunds).toHaveLength(1);
      expect(refunds[0]).toMatchObject({ reason: "requested_by_customer", status: "succeeded" });
      const session = fakes.stripe.sessions.get(buyer.reference);
      expect(fakes.stripe.subscriptions.get(String(session?.subscription))?.status).toBe("canceled");
      const refundCall = fakes.stripe.requests.findLast((request) => request.path === "/v1/refunds");
      expect(refundCall?.form.get("payment_intent")).toMatch(/^pi_/);
      expect(await vip(buyer.token)).toBe(false);
      expect((await subscriptionOf(buyer.orderId))?.status).toBe("expired");

      // Stripe then reports the refund and the deletion: nothing changes, no second mail.
      const refunded = fakes.stripe.chargeEvent(buyer.reference, "charge.refunded");
      expect((await app.request("/api/webhooks/stripe/production", stripeSigned(refunded))).status).toBe(200);
      expect(await vip(buyer.token)).toBe(false);
      expect(await refundMails(buyer.email)).toHaveLength(1);
    });

    it("ends access on a full refund or a dispute made outside the account, not on a partial refund", async () => {
      const partial = await paidBuyer("stripe-partial@example.com", "s1");
      const part = fakes.stripe.chargeEvent(partial.reference, "charge.refunded", true);
      expect((await app.request("/api/webhooks/stripe/production", stripeSigned(part))).status).toBe(200);
      expect(await vip(partial.token)).toBe(true);

      const full = await paidBuyer("stripe-dashboard@example.com", "s1");
      const event = fakes.stripe.chargeEvent(full.reference, "charge.refunded");
      expect((await app.request("/api/webhooks/stripe/production", stripeSigned(event))).status).toBe(200);
      expect(await vip(full.token)).toBe(false);
      const [order] = await database.db.select().from(orders).where(eq(orders.id, full.orderId));
      expect(order?.status).toBe("refunded");
      expect(await refundMails(full.email)).toHaveLength(1);

      const disputed = await paidBuyer("stripe-dispute@example.com", "s1");
      const dispute = fakes.stripe.chargeEvent(disputed.reference, "charge.dispute.created");
      expect((await app.request("/api/webhooks/stripe/production", stripeSigned(dispute))).status).toBe(200);
      expect(await vip(disputed.token)).toBe(false);
    });

    it("ends access when the subscription is deleted in Stripe", async () => {
      const buyer = await paidBuyer("stripe-deleted@example.com", "s1");
      const session = fakes.stripe.sessions.get(buyer.reference);
      const subscription = fakes.stripe.subscriptions.get(String(session?.subscription));
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
      fakes.stripe.failNext(500);
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
      const sent = fakes.paddle.requests.findLast((request) => request.path === "/adjustments")?.body;
      expect(sent).toMatchObject({ action: "refund", type: "full", transaction_id: buyer.reference });
      const transaction = fakes.paddle.transactions.get(buyer.reference);
      expect(fakes.paddle.subscriptions.get(String(transaction?.subscription_id))?.status).toBe("canceled");
      expect(await vip(buyer.token)).toBe(false);
      expect(await refundMails(buyer.email)).toHaveLength(1);
    });

    it("waits for Paddle's approval of a refund under review: access ends with the approval's webhook", async () => {
      fakes.paddle.adjustmentStatus = "pending_approval";
      const buyer = await paidBuyer("paddle-review@example.com", "pd");
      const answer = await refund(buyer.token, buyer.orderId);
      expect(answer.body.data).toEqual({ outcome: "pending" });
      expect(await vip(buyer.token)).toBe(true);
      expect(await refundMails(buyer.email)).toHaveLength(0);
      const transaction = fakes.paddle.transactions.get(buyer.reference);
      // No renewal meanwhile: the cancellation is scheduled for the period's end.
      const subscription = fakes.paddle.subscriptions.get(String(transaction?.subscription_id));
      expect(subscription?.scheduled_change).toMatchObject({ action: "cancel" });

      const approved = fakes.paddle.adjustmentEvent(buyer.reference, { action: "refund", status: "approved" });
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
        const event = fakes.paddle.adjustmentEvent(partial.reference, change);
        expect((await app.request("/api/webhooks/paddle/production", paddleSigned(event))).status).toBe(200);
      }
      expect(await vip(partial.token)).toBe(true);

      const charged = await paidBuyer("paddle-chargeback@example.com", "pd");
      const chargeback = fakes.paddle.adjustmentEvent(charged.reference, { action: "chargeback", status: "approved" });
      expect((await app.request("/api/webhooks/paddle/production", paddleSigned(chargeback))).status).toBe(200);
      expect(await vip(charged.token)).toBe(false);
      const [order] = await database.db.select().from(orders).where(eq(orders.id, charged.orderId));
      expect(order?.status).toBe("refunded");
    });

    it("changes nothing when Paddle fails", async () => {
      const buyer = await paidBuyer("paddle-outage@example.com", "pd");
      fakes.paddle.failNext(503);
      const answer = await refund(buyer.token, buyer.orderId);
      expect(answer.body.code).toBe(40121);
      expect(await vip(buyer.token)).toBe(true);
      expect((await subscriptionOf(buyer.orderId))?.status).toBe("active");
    });
  });
});
