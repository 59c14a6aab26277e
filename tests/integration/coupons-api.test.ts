import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sandboxProcessor } from "../../core/billing/providers/sandbox";
import { SANDBOX_SIGNATURE_HEADER, signSandboxPayload } from "../../core/billing/providers/sandbox-signature";
import { noCaptchaVerifier } from "../../core/captcha/remote-captcha";
import { seedDemoData } from "../../core/demo/seed";
import type { DatabaseHandle } from "../../db/client";
import { couponRedemptions, coupons, orders } from "../../db/schema";
import { apiClient } from "../helpers/api-client";
import { createTestApp } from "../helpers/test-app";
import { testDatabaseTargets } from "../helpers/test-databases";

// Coupons through the API (decision 034): the operator publishes them, the checkout quotes them,
// a purchase redeems one at the price quoted, and the redemption limit holds under concurrency.
const COUPONS = "/api/operator/v1/coupons";
const QUOTE = "/api/mms/payment/v1/coupons/quote";
const P = "/api/mms/payment/v1/providers";
const TOKEN = "operator-token-for-tests-0123456789abcdef";
const SECRET = "sandbox-test-secret";
const DAY = 86_400_000;

describe.each(testDatabaseTargets())("coupons on $name", (target) => {
  let database: DatabaseHandle;
  let app: ReturnType<typeof createTestApp>;
  let call: ReturnType<typeof apiClient>;

  beforeEach(async () => {
    database = await target.open();
    await seedDemoData(database.db, { withDemoUser: false });
    const sandbox = sandboxProcessor(database.db, { secret: SECRET, origin: "" });
    app = createTestApp(database, {
      env: { OPERATOR_TOKEN: TOKEN },
      deps: { captcha: noCaptchaVerifier(), sandbox },
    });
    call = apiClient(app);
  });
  afterEach(async () => database.close());

  const operator = (method: "GET" | "POST", path: string, body?: unknown, token = TOKEN) =>
    call(method, path, { appType: null, headers: { authorization: `Bearer ${token}` }, body });
  const publish = (coupon: Record<string, unknown>) => operator("POST", COUPONS, coupon);
  const quote = (query: string, token?: string) => call("GET", `${QUOTE}?${query}`, { appType: "501", token });
  const buyer = async (email: string) => {
    const signup = await call("POST", "/api/mms/account/v1/web/anonymous_signup", {
      appType: "101",
      body: { email, recasign: "t" },
    });
    return String(signup.body.data?.token);
  };
  const purchase = (token: string, coupon?: string, plan = "1-year") =>
    call("POST", `${P}/ps/purchase`, {
      appType: "101",
      token,
      body: { plan_id: plan, currency: "USD", recasign: "t", ...(coupon === undefined ? {} : { coupon }) },
    });
  const orderIdOf = (answer: { body: { data: Record<string, unknown> | null } }) =>
    String((answer.body.data?.value as { order_id?: string } | undefined)?.order_id);
  const orderOf = async (orderId: string) => (await database.db.select().from(orders).where(eq(orders.id, orderId)))[0];
  /** The sandbox's webhook for the order, with what the sandbox charged (the order's amount). */
  const sandboxEvent = async (orderId: string, type: "payment_succeeded" | "declined") => {
    const order = await orderOf(orderId);
    const created = Math.floor(Date.now() / 1000);
    const raw = JSON.stringify({
      id: `evt_${orderId}_${type}`,
      type,
      order_id: orderId,
      subscription: `sub_${orderId}`,
      created,
      ...(type === "payment_succeeded"
        ? {
            period_end: created + 365 * 86_400,
            amount: order?.amount,
            currency: order?.currency,
            plan_id: order?.planId,
          }
        : {}),
    });
    const response = await app.request("/api/webhooks/sandbox", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(SECRET, raw, created),
      },
      body: raw,
    });
    expect(response.status).toBe(200);
  };
  const couponRow = async (code: string) => (await database.db.select().from(coupons).where(eq(coupons.code, code)))[0];

  it("lets only the operator publish, list and end coupons, refusing bad ones with the field", async () => {
    expect((await operator("GET", COUPONS, undefined, "wrong-token-0123456789abcdef-wrong")).status).toBe(401);
    const created = await publish({ code: "WELCOME20", percent_off: 20, plan_ids: ["1-year"], max_redemptions: 100 });
    expect(created.status).toBe(200);
    expect(created.body.data?.coupon).toMatchObject({
      code: "WELCOME20",
      percent_off: 20,
      amount_off: null,
      plan_ids: ["1-year"],
      max_redemptions: 100,
      redemptions: 0,
      first_purchase_only: false,
      created_by: "operator-api",
    });
    expect((await publish({ code: "WELCOME20", percent_off: 10 })).body.code).toBe(40903);
    expect((await publish({ code: "LIFETIME", percent_off: 10, plan_ids: ["lifetime"] })).body.code).toBe(40400);

    const bad = async (coupon: Record<string, unknown>) => {
      const answer = await publish(coupon);
      expect(answer.body.code).toBe(40000);
      return Object.keys((answer.body.data?.fields ?? {}) as Record<string, string>);
    };
    expect(await bad({ code: "BOTH", percent_off: 10, amount_off: 500, currency: "USD" })).toEqual(["percent_off"]);
    expect(await bad({ code: "NONE" })).toEqual(["percent_off"]);
    expect(await bad({ code: "NOCUR", amount_off: 500 })).toEqual(["currency"]);
    expect(await bad({ code: "ALL", percent_off: 100 })).toEqual(["percent_off"]);
    expect(await bad({ code: "lower", percent_off: 10 })).toEqual(["code"]);
    expect(
      await bad({
        code: "BACKWARDS",
        percent_off: 10,
        starts_at: "2026-12-02T00:00:00Z",
        ends_at: "2026-12-01T00:00:00Z",
      }),
    ).toEqual(["ends_at"]);

    const listed = await operator("GET", COUPONS);
    expect(((listed.body.data?.coupons ?? []) as Array<{ code: string }>).map((coupon) => coupon.code)).toEqual([
      "WELCOME20",
    ]);
    expect((await quote("code=welcome20&plan_id=1-year&currency=USD")).status).toBe(200);
    const ended = await operator("POST", `${COUPONS}/WELCOME20/end`);
    expect(ended.body.data?.coupon).toMatchObject({ code: "WELCOME20", ends_at: expect.any(String) });
    expect((await quote("code=welcome20&plan_id=1-year&currency=USD")).body.data?.fields).toEqual({
      coupon: "coupon.expired",
    });
    expect((await operator("POST", `${COUPONS}/NOPE/end`)).status).toBe(404);
  });

  it("quotes the new price, or says why the code does not apply", async () => {
    await publish({ code: "WELCOME20", percent_off: 20, plan_ids: ["1-year"] });
    await publish({ code: "FIVE", amount_off: 500, currency: "USD" });
    await publish({ code: "SOON", percent_off: 10, starts_at: new Date(Date.now() + DAY).toISOString() });
    await publish({ code: "FULL", percent_off: 10, max_redemptions: 1 });
    await database.db.update(coupons).set({ redemptions: 1 }).where(eq(coupons.code, "FULL"));

    const ok = await quote("code=%20welcome20%20&plan_id=1-year&currency=USD");
    // 47.88 - 20% (9.576, rounded to 9.58) = 38.30
    expect(ok.body.data?.quote).toEqual({
      code: "WELCOME20",
      plan_id: "1-year",
      currency: "USD",
      list_minor: 4788,
      discount_minor: 958,
      amount_minor: 3830,
      percent_off: 20,
    });
    expect((await quote("code=FIVE&plan_id=1-month&currency=USD")).body.data?.quote).toMatchObject({
      amount_minor: 799,
      discount_minor: 500,
      percent_off: null,
    });
    const refusal = async (query: string) => (await quote(query)).body.data?.fields;
    expect(await refusal("code=NOPE&plan_id=1-year&currency=USD")).toEqual({ coupon: "coupon.unknown" });
    expect(await refusal("code=WELCOME20&plan_id=1-month&currency=USD")).toEqual({ coupon: "coupon.plan" });
    expect(await refusal("code=FIVE&plan_id=1-month&currency=GBP")).toEqual({ coupon: "coupon.currency" });
    expect(await refusal("code=SOON&plan_id=1-year&currency=USD")).toEqual({ coupon: "coupon.not_started" });
    expect(await refusal("code=FULL&plan_id=1-year&currency=USD")).toEqual({ coupon: "coupon.limit_reached" });
    expect(await refusal("code=WELCOME20&plan_id=lifetime&currency=USD")).toEqual({ plan_id: "plan.unknown" });
  });

  it("charges the quoted price, records the redemption, and refuses a first-purchase coupon the second time", async () => {
    await publish({ code: "FIRST25", percent_off: 25, first_purchase_only: true });
    const token = await buyer("coupon-buyer@example.com");
    expect((await quote("code=FIRST25&plan_id=1-year&currency=USD", token)).body.data?.quote).toMatchObject({
      amount_minor: 3591,
    });

    const started = await purchase(token, "first25");
    expect(started.status).toBe(200);
    const orderId = orderIdOf(started);
    expect(await orderOf(orderId)).toMatchObject({ amount: 3591, couponCode: "FIRST25", discountAmount: 1197 });
    expect((await couponRow("FIRST25"))?.redemptions).toBe(1);

    await sandboxEvent(orderId, "payment_succeeded");
    expect((await orderOf(orderId))?.status).toBe("active");

    // Bought once: the same coupon is no longer theirs, in the quote and in the purchase.
    expect((await quote("code=FIRST25&plan_id=1-year&currency=USD", token)).body.data?.fields).toEqual({
      coupon: "coupon.first_purchase",
    });
    const again = await purchase(token, "FIRST25");
    expect(again.body).toMatchObject({ code: 40000, data: { fields: { coupon: "coupon.first_purchase" } } });
    // A refused coupon creates no order.
    expect(
      await database.db
        .select()
        .from(orders)
        .where(eq(orders.userId, (await orderOf(orderId))!.userId!)),
    ).toHaveLength(1);
  });

  it("gives the redemption back when the payment is declined", async () => {
    await publish({ code: "ONCE", percent_off: 10, max_redemptions: 1 });
    const first = await buyer("declined@example.com");
    const declined = await purchase(first, "ONCE");
    const orderId = orderIdOf(declined);
    expect((await couponRow("ONCE"))?.redemptions).toBe(1);
    expect((await purchase(await buyer("late@example.com"), "ONCE")).body.data?.fields).toEqual({
      coupon: "coupon.limit_reached",
    });

    await sandboxEvent(orderId, "declined");
    expect((await orderOf(orderId))?.status).toBe("failed");
    expect((await couponRow("ONCE"))?.redemptions).toBe(0);
    expect(await database.db.select().from(couponRedemptions)).toHaveLength(0);
    expect((await purchase(await buyer("next@example.com"), "ONCE")).status).toBe(200);
  });

  it("holds the redemption limit when buyers redeem at the same time", async () => {
    await publish({ code: "RUSH", percent_off: 30, max_redemptions: 3 });
    const tokens = await Promise.all(Array.from({ length: 8 }, (_, index) => buyer(`rush-${index}@example.com`)));
    const answers = await Promise.all(tokens.map((token) => purchase(token, "RUSH")));
    const started = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(started).toHaveLength(3);
    for (const answer of refused) {
      expect(answer.body).toMatchObject({ code: 40000, data: { fields: { coupon: "coupon.limit_reached" } } });
    }
    expect((await couponRow("RUSH"))?.redemptions).toBe(3);
    const held = await database.db.select().from(couponRedemptions).where(eq(couponRedemptions.couponCode, "RUSH"));
    expect(held).toHaveLength(3);
    // Every order that got through is made at the discounted price; the others are failed and free.
    const rushOrders = await database.db.select().from(orders).where(eq(orders.couponCode, "RUSH"));
    expect(rushOrders.filter((order) => order.status === "pending").map((order) => order.amount)).toEqual([
      3352, 3352, 3352,
    ]);
  });
});
