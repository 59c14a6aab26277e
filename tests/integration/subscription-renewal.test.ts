import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { subscriptionsOfUser } from "../../core/billing/orders";
import type { PaymentProcessor } from "../../core/billing/providers/payment-provider";
import { sandboxProcessor } from "../../core/billing/providers/sandbox";
import { SANDBOX_SIGNATURE_HEADER, signSandboxPayload } from "../../core/billing/providers/sandbox-signature";
import { cancelRenewal } from "../../core/billing/renewal-change";
import { resumeRenewal } from "../../core/billing/resume-renewal";
import { noCaptchaVerifier } from "../../core/captcha/remote-captcha";
import { seedDemoData } from "../../core/demo/seed";
import type { DatabaseHandle } from "../../db/client";
import { subscriptions } from "../../db/schema";
import { apiClient } from "../helpers/api-client";
import { createTestApp } from "../helpers/test-app";
import { testDatabaseTargets } from "../helpers/test-databases";

// Automatic renewal off, then back on: through the API and through the processor interface.
const SECRET = "sandbox-test-secret";
const WEB = "/api/mms/payment/v1/web";
const now = () => Math.floor(Date.now() / 1000);

/** A processor that records what it is asked to do, and can refuse. */
function recordingProcessor(refuse = false) {
  const calls: string[] = [];
  const processor: PaymentProcessor = {
    name: "sandbox",
    environment: "sandbox",
    createPurchase: async () => ({ webUrl: "", reference: "" }),
    lookupEvents: async () => [],
    parseWebhook: async () => null,
    cancelSubscription: async (ref) => {
      calls.push(`cancel ${ref}`);
      if (refuse) throw new Error("processor outage");
      return { renewalOff: true };
    },
    resumeSubscription: async (ref) => {
      calls.push(`resume ${ref}`);
      if (refuse) throw new Error("processor outage");
    },
    refundPurchase: async () => {
      throw new Error("these tests never refund");
    },
    paymentMethodUrl: async () => {
      throw new Error("these tests never update a card");
    },
    previewPlanChange: async () => {
      throw new Error("these tests never switch plans");
    },
    changePlan: async () => {
      throw new Error("these tests never switch plans");
    },
    cancelPlanChange: async () => {
      throw new Error("these tests never switch plans");
    },
  };
  return { processor, calls };
}

describe.each(testDatabaseTargets())("automatic renewal on $name", (target) => {
  let database: DatabaseHandle;
  let app: ReturnType<typeof createTestApp>;
  let call: ReturnType<typeof apiClient>;

  beforeEach(async () => {
    database = await target.open();
    await seedDemoData(database.db, { withDemoUser: false });
    const sandbox = sandboxProcessor(database.db, { secret: SECRET, origin: "" });
    app = createTestApp(database, { deps: { captcha: noCaptchaVerifier(), sandbox } });
    call = apiClient(app);
  });
  afterEach(async () => database.close());

  /** A buyer with a paid 1-month subscription (sandbox order, signed webhook). */
  const subscriber = async (email: string) => {
    const signup = await call("POST", "/api/mms/account/v1/web/anonymous_signup", {
      appType: "101",
      body: { email, recasign: "t" },
    });
    const token = String(signup.body.data?.token);
    const started = await call("POST", "/api/mms/payment/v1/providers/ps/purchase", {
      appType: "101",
      token,
      body: { plan_id: "1-month", currency: "USD", recasign: "t" },
    });
    const orderId = String((started.body.data?.value as { order_id?: string } | undefined)?.order_id);
    const raw = JSON.stringify({
      id: `evt_${orderId}`,
      type: "payment_succeeded",
      order_id: orderId,
      subscription: `sub_${orderId}`,
      created: now(),
      period_end: now() + 30 * 86_400,
      amount: 1299,
      currency: "USD",
      plan_id: "1-month",
    });
    await app.request("/api/webhooks/sandbox", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(SECRET, raw, now()),
      },
      body: raw,
    });
    const mine = await call("GET", `${WEB}/subscription_my`, { appType: "101", token });
    const [sub] = (mine.body.data?.subscriptions ?? []) as Array<{ id: number }>;
    return { token, id: Number(sub?.id), userId: Number(signup.body.data?.user_id) };
  };

  it("turns renewal off, then back on: the subscription renews again at the period end", async () => {
    const { token, id } = await subscriber("renew@example.com");
    const off = await call("POST", `${WEB}/subscription_cancel`, { appType: "101", token, body: { id } });
    expect(off.body.data).toMatchObject({ status: "canceled", auto_renew: false });

    const on = await call("POST", `${WEB}/subscription_resume`, { appType: "101", token, body: { id } });
    expect(on.status).toBe(200);
    expect(on.body.data).toMatchObject({ id, status: "active", auto_renew: true });
    const mine = await call("GET", `${WEB}/subscription_my`, { appType: "101", token });
    const [sub] = (mine.body.data?.subscriptions ?? []) as Array<Record<string, unknown>>;
    expect(sub).toMatchObject({ plan_months: 1, status: "active", auto_renew: true });
    expect(sub?.renews_at).toBe(sub?.expires_at);

    // On already: nothing to resume, and the client is told so.
    const again = await call("POST", `${WEB}/subscription_resume`, { appType: "101", token, body: { id } });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe(40123);
  });

  it("refuses someone else's subscription, an unknown one and a period that is over", async () => {
    const owner = await subscriber("owner@example.com");
    const other = await subscriber("other@example.com");
    await call("POST", `${WEB}/subscription_cancel`, { appType: "101", token: owner.token, body: { id: owner.id } });
    const foreign = await call("POST", `${WEB}/subscription_resume`, {
      appType: "101",
      token: other.token,
      body: { id: owner.id },
    });
    expect(foreign.status).toBe(404);
    expect(
      (await call("POST", `${WEB}/subscription_resume`, { appType: "101", token: owner.token, body: { id: 99999 } }))
        .status,
    ).toBe(404);
    expect((await call("POST", `${WEB}/subscription_resume`, { body: { id: owner.id } })).status).toBe(401);

    await database.db
      .update(subscriptions)
      .set({ currentPeriodEnd: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.id, owner.id));
    const late = await call("POST", `${WEB}/subscription_resume`, {
      appType: "101",
      token: owner.token,
      body: { id: owner.id },
    });
    expect(late.body.code).toBe(40123);
  });

  it("asks the subscription's processor first, and keeps renewal off when it refuses", async () => {
    const { token, id, userId } = await subscriber("processor@example.com");
    await call("POST", `${WEB}/subscription_cancel`, { appType: "101", token, body: { id } });
    const [row] = await subscriptionsOfUser(database.db, userId);

    const refusing = recordingProcessor(true);
    const refused = await resumeRenewal(
      { db: database.db, processorFor: () => refusing.processor },
      { userId, subscriptionId: id },
    );
    expect(refused).toMatchObject({ ok: false, reason: "processor_refused" });
    expect(refusing.calls).toEqual([`resume ${row?.providerSubscriptionId}`]);
    expect((await subscriptionsOfUser(database.db, userId))[0]).toMatchObject({ autoRenew: false });

    const missing = await resumeRenewal({ db: database.db, processorFor: () => null }, { userId, subscriptionId: id });
    expect(missing).toMatchObject({ ok: false, reason: "processor_unavailable" });

    const working = recordingProcessor();
    const resumed = await resumeRenewal(
      { db: database.db, processorFor: (name) => (name === row?.processor ? working.processor : null) },
      { userId, subscriptionId: id },
    );
    expect(resumed).toMatchObject({ ok: true, subscription: { status: "active", autoRenew: true } });
    expect(working.calls).toEqual([`resume ${row?.providerSubscriptionId}`]);
  });

  it("turns renewal off only when the processor says it is off; nothing changes when it refuses or is out of reach", async () => {
    const { userId, id } = await subscriber("cancel@example.com");
    const [row] = await subscriptionsOfUser(database.db, userId);

    const refusing = recordingProcessor(true);
    const refused = await cancelRenewal(
      { db: database.db, processorFor: () => refusing.processor },
      { userId, subscriptionId: id },
    );
    expect(refused).toMatchObject({ ok: false, reason: "processor_refused" });
    expect(refusing.calls).toEqual([`cancel ${row?.providerSubscriptionId}`]);
    expect((await subscriptionsOfUser(database.db, userId))[0]).toMatchObject({ status: "active", autoRenew: true });

    // A processor of this mode that is not the one holding the subscription (or none at all).
    const unreachable = await cancelRenewal(
      { db: database.db, processorFor: () => null },
      { userId, subscriptionId: id },
    );
    expect(unreachable).toMatchObject({ ok: false, reason: "processor_unavailable" });
    const otherEnvironment = recordingProcessor();
    const wrongMode = await cancelRenewal(
      { db: database.db, processorFor: () => ({ ...otherEnvironment.processor, environment: "live" }) },
      { userId, subscriptionId: id },
    );
    expect(wrongMode).toMatchObject({ ok: false, reason: "processor_unavailable" });
    expect(otherEnvironment.calls).toEqual([]);
    expect((await subscriptionsOfUser(database.db, userId))[0]).toMatchObject({ autoRenew: true });

    const working = recordingProcessor();
    const canceled = await cancelRenewal(
      { db: database.db, processorFor: () => working.processor },
      { userId, subscriptionId: id },
    );
    expect(canceled).toMatchObject({ ok: true, subscription: { status: "canceled", autoRenew: false } });
  });
});
