import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { receiptOf } from "../../core/billing/payment-history";
import { sandboxProcessor } from "../../core/billing/providers/sandbox";
import { SANDBOX_SIGNATURE_HEADER, signSandboxPayload } from "../../core/billing/providers/sandbox-signature";
import { noCaptchaVerifier } from "../../core/captcha/remote-captcha";
import { seedDemoData } from "../../core/demo/seed";
import type { DatabaseHandle } from "../../db/client";
import { mailOutbox } from "../../db/schema";
import { apiClient } from "../helpers/api-client";
import { createTestApp } from "../helpers/test-app";
import { testDatabaseTargets } from "../helpers/test-databases";

// The payment history and billing details through the API, after a sandbox purchase and its webhooks.
const SECRET = "sandbox-test-secret";
const WEB = "/api/mms/payment/v1/web";
const now = () => Math.floor(Date.now() / 1000);
const ISSUER = { brand: "B", legalEntity: "Operator Ltd", legalAddress: "1 Road\nTown", supportEmail: "s@example.com" };

describe.each(testDatabaseTargets())("payment history on $name", (target) => {
  let database: DatabaseHandle;
  let app: ReturnType<typeof createTestApp>;
  let call: ReturnType<typeof apiClient>;

  beforeEach(async () => {
    database = await target.open();
    await seedDemoData(database.db, { withDemoUser: false });
    const sandbox = sandboxProcessor(database.db, { secret: SECRET, origin: "" });
    app = createTestApp(database, {
      env: { PUBLIC_ORIGIN: "https://shop.example" },
      deps: { captcha: noCaptchaVerifier(), sandbox },
    });
    call = apiClient(app);
  });
  afterEach(async () => database.close());

  const webhook = async (type: string, orderId: string, id = `evt_${type}_${orderId}`) => {
    const raw = JSON.stringify({
      id,
      type,
      order_id: orderId,
      subscription: `sub_${orderId}`,
      created: now(),
      period_end: now() + 30 * 86_400,
      amount: 1299,
      currency: "USD",
      plan_id: "1-month",
    });
    return app.request("/api/webhooks/sandbox", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(SECRET, raw, now()),
      },
      body: raw,
    });
  };

  /** A buyer with a paid 1-month plan: their token, id and the order. */
  const buyer = async (email: string) => {
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
    await webhook("payment_succeeded", orderId);
    return { token, orderId, userId: Number(signup.body.data?.user_id) };
  };

  it("lists the buyer's payment once, however often the webhook comes, with one receipt mail linking its page", async () => {
    const { token, orderId } = await buyer("history@example.com");
    await webhook("payment_succeeded", orderId); // redelivered
    await webhook("payment_succeeded", orderId, `evt_retry_${orderId}`); // another event paying the same order

    const mine = await call("GET", `${WEB}/payment_my`, { appType: "101", token });
    expect(mine.status).toBe(200);
    expect(mine.body.data?.payments).toEqual([
      expect.objectContaining({
        order_id: orderId,
        plan_id: "1-month",
        plan_months: 1,
        amount_minor: 1299,
        currency: "USD",
        provider: "ps",
        processor: "sandbox",
        status: "paid",
        refund: null,
        has_receipt: true,
      }),
    ]);

    const mails = (await database.db.select().from(mailOutbox)).filter((mail) => mail.subject.includes(orderId));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(`https://shop.example/myaccount/receipts/${orderId}`);
    expect(mails[0]?.html).toContain(`href="https://shop.example/myaccount/receipts/${orderId}"`);

    // Someone else sees none of it, and without a session there is no list.
    const other = await buyer("other@example.com");
    const theirs = await call("GET", `${WEB}/payment_my`, { appType: "101", token: other.token });
    expect(((theirs.body.data?.payments ?? []) as Array<{ order_id: string }>).map((p) => p.order_id)).toEqual([
      other.orderId,
    ]);
    expect((await call("GET", `${WEB}/payment_my`, { appType: "101" })).status).toBe(401);
  });

  it("shows a refund, and the receipt says so", async () => {
    const { token, orderId, userId } = await buyer("refund@example.com");
    await webhook("refunded", orderId);
    const mine = await call("GET", `${WEB}/payment_my`, { appType: "101", token });
    const [payment] = (mine.body.data?.payments ?? []) as Array<Record<string, unknown>>;
    expect(payment).toMatchObject({ status: "refunded", refund: { amount_minor: 1299 }, has_receipt: true });

    const receipt = await receiptOf(database.db, ISSUER, { userId, orderId });
    expect(receipt?.payment.status).toBe("refunded");
    expect(await receiptOf(database.db, ISSUER, { userId: userId + 1000, orderId })).toBeNull();
  });

  it("checks and stores the billing details the receipts print", async () => {
    const { token, orderId, userId } = await buyer("details@example.com");
    const empty = await call("GET", `${WEB}/billing_profile`, { appType: "101", token });
    expect(empty.body.data).toEqual({ name: "", address: "", vat_id: "" });

    const bad = await call("POST", `${WEB}/billing_profile`, {
      appType: "101",
      token,
      body: { name: "x".repeat(101), address: "", vat_id: "123" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(40000);
    expect((bad.body.data as { fields: Record<string, string> }).fields).toEqual({
      name: "billingDetails.errors.nameLong",
      vat_id: "billingDetails.errors.vatInvalid",
    });

    const saved = await call("POST", `${WEB}/billing_profile`, {
      appType: "101",
      token,
      body: { name: " 山田 太郎 ", address: "東京都千代田区1-1\n\n日本 ", vat_id: "de 123 456 789" },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({ name: "山田 太郎", address: "東京都千代田区1-1\n日本", vat_id: "DE123456789" });
    const again = await call("GET", `${WEB}/billing_profile`, { appType: "101", token });
    expect(again.body.data).toEqual(saved.body.data);

    const receipt = await receiptOf(database.db, ISSUER, { userId, orderId });
    expect(receipt?.buyer).toEqual({
      name: "山田 太郎",
      address: "東京都千代田区1-1\n日本",
      vat_id: "DE123456789",
      email: "details@example.com",
    });
    expect(receipt?.issuer).toEqual(ISSUER);
  });
});
