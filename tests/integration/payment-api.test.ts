import { eq } from "drizzle-orm";
import pino from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { processPendingEvents, recordProviderEvent } from "../../core/billing/orders";
import { sandboxProcessor } from "../../core/billing/providers/sandbox";
import { SANDBOX_SIGNATURE_HEADER, signSandboxPayload } from "../../core/billing/providers/sandbox-signature";
import { noCaptchaVerifier } from "../../core/captcha/remote-captcha";
import { seedDemoData } from "../../core/demo/seed";
import type { DatabaseHandle } from "../../db/client";
import { mailOutbox, orders, subscriptions, webhookEvents } from "../../db/schema";
import { BRAND } from "../../universal/brand/brand";
import { apiClient } from "../helpers/api-client";
import { createTestApp } from "../helpers/test-app";
import { testDatabaseTargets } from "../helpers/test-databases";

const P = "/api/mms/payment/v1/providers";
const SECRET = "sandbox-test-secret";
const now = () => Math.floor(Date.now() / 1000);

describe.each(testDatabaseTargets())("payments on $name", (target) => {
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

  const buyer = async () => {
    const signup = await call("POST", "/api/mms/account/v1/web/anonymous_signup", {
      appType: "101",
      body: { email: "buyer@example.com", recasign: "t" },
    });
    return String(signup.body.data?.token);
  };
  const webhook = (body: object, signature?: string) => {
    const raw = JSON.stringify(body);
    return app.request("/api/webhooks/sandbox", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        [SANDBOX_SIGNATURE_HEADER]: signature ?? signSandboxPayload(SECRET, raw, now()),
      },
      body: raw,
    });
  };
  /** A sandbox payment of the order: what its page would send, charge included. */
  const paid = async (orderId: string, id = "evt_1", created = now(), days = 365) => {
    const [order] = await database.db.select().from(orders).where(eq(orders.id, orderId));
    return {
      id,
      type: "payment_succeeded",
      order_id: orderId,
      subscription: `sub_${orderId}`,
      created,
      period_end: created + days * 86_400,
      amount: order?.amount,
      currency: order?.currency,
      plan_id: order?.planId,
    };
  };
  const startOrder = async (token: string, plan = "1-year", language?: string) => {
    const started = await call("POST", `${P}/ps/purchase`, {
      appType: "101",
      token,
      body: {
        plan_id: plan,
        currency: "GBP",
        recasign: "t",
        client_info: { front_id: "f1", ...(language ? { language } : {}) },
      },
    });
    return (
      (started.body.data?.value as { order_id: string; web_url: string; redirect_url: string }) ?? { order_id: "" }
    );
  };

  it("lists the plans in the visitor's currency with the SPEC fields and the best real saving", async () => {
    const gb = await call("GET", `${P}/plans?country=GB`);
    expect(gb.body.data).toMatchObject({ currency: "GBP", discount_percent: "73%" });
    const plans = gb.body.data?.plans as Array<Record<string, unknown>>;
    expect(plans.map((plan) => plan.id)).toEqual(["2-years", "1-year", "1-month"]);
    expect(plans[1]).toMatchObject({ currencySymbol: "£", price_amount: 38.28, discount_percent: "69%" });
    expect((await call("GET", `${P}/plans?country=DE`)).body.data).toMatchObject({ currency: "EUR" });
    expect((await call("GET", `${P}/plans?country=CH`)).body.data).toMatchObject({ currency: "USD" });
    expect((await call("GET", `${P}/plans?currency=AUD`)).body.data).toMatchObject({ currency: "AUD" });
    expect((await call("GET", `${P}/plans?country=GBR`)).status).toBe(400);
  });

  it("answers the l10n price lookup, leaving unknown ids out and refusing a bad country", async () => {
    const response = await app.request("/l10n/prices?product_ids=1-year,nope&customer_country=CA");
    expect(await response.json()).toEqual({
      value: {
        response: { products: [{ product_id: "1-year", subscription: { price: { gross: 65.88 } }, currency: "CAD" }] },
      },
    });
    expect((await app.request("/l10n/prices?product_ids=1-year&customer_country=Canada")).status).toBe(400);
  });

  it("names the providers of the sandbox environment", async () => {
    const params = await call("GET", `${P}/common/params`);
    expect(params.body.data).toMatchObject({ environment: "sandbox" });
    expect(((params.body.data?.providers ?? []) as Array<{ code: string }>).map((p) => p.code)).toEqual([
      "s1",
      "pd",
      "ps",
      "rz",
      "gap",
      "tpa",
      "so",
    ]);
  });

  it("names a visit through CJ (X-From, SPEC §7) in the log line of plans and common/params, and refuses other values", async () => {
    const lines: Array<Record<string, unknown>> = [];
    const logger = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const logged = createTestApp(database, { deps: { logger } });
    const get = (path: string, from: string) =>
      logged.request(path, { headers: { "X-App-Type": "501", "X-From": from } });
    expect((await get(`${P}/plans?currency=USD`, "CJ")).status).toBe(200);
    expect((await get(`${P}/common/params`, "CJ")).status).toBe(200);
    const requests = lines.filter((line) => line.msg === "request");
    expect(requests.map((line) => [line.path, line.from])).toEqual([
      [`${P}/plans`, "CJ"],
      [`${P}/common/params`, "CJ"],
    ]);
    const other = await get(`${P}/plans`, "somebody");
    expect([other.status, ((await other.json()) as { code: number }).code]).toEqual([400, 40000]);
  });

  it("buys through the sandbox: pay, webhook, VIP with the right remaining time", async () => {
    const token = await buyer();
    const order = await startOrder(token);
    expect(order.web_url).toBe(`/sandbox/checkout/${order.order_id}`);
    expect(order.redirect_url).toBe(order.web_url);
    const before = await call("POST", `${P}/ps/purchase_result`, {
      appType: "101",
      token,
      body: { order_id: order.order_id },
    });
    expect(before.body.data?.value).toMatchObject({ status: "pending", success: false });

    const pay = await app.request(order.web_url, {
      method: "POST",
      body: new URLSearchParams({ card: "4242 4242 4242 4242" }),
    });
    expect(pay.status).toBe(303);
    expect(pay.headers.get("location")).toBe(`/paystatus?order=${order.order_id}&provider=ps`);
    // Back before the webhook: purchase_result reconciles with the processor.
    const after = await call("POST", `${P}/ps/purchase_result`, {
      appType: "101",
      token,
      body: { order_id: order.order_id },
    });
    expect(after.body.data?.value).toMatchObject({ status: "active", success: true });
    const profile = await call("GET", "/api/mms/account/v1/web/profile", { appType: "101", token });
    const vip = profile.body.data?.vip as { is_vip: boolean; remain_time: number };
    expect(vip.is_vip).toBe(true);
    expect(vip.remain_time).toBeGreaterThan(364 * 86_400);
    expect(vip.remain_time).toBeLessThan(367 * 86_400);
    const subs = await call("GET", "/api/mms/payment/v1/web/subscription_my", { appType: "101", token });
    expect(subs.body.data?.subscriptions).toEqual([
      expect.objectContaining({ plan_id: "1-year", status: "active", provider: "ps", auto_renew: true }),
    ]);
  });

  const receipts = async () =>
    (await database.db.select().from(mailOutbox)).filter(
      (mail) => mail.to === "buyer@example.com" && /ord_/.test(mail.subject),
    );

  it("returns a German buyer to /de/paystatus and mails one German receipt, however often the payment is reported", async () => {
    const token = await buyer();
    const order = await startOrder(token, "1-year", "de");
    const pay = await app.request(order.web_url, {
      method: "POST",
      body: new URLSearchParams({ card: "4242 4242 4242 4242" }),
    });
    expect(pay.headers.get("location")).toBe(`/de/paystatus?order=${order.order_id}&provider=ps`);
    const result = () =>
      call("POST", `${P}/ps/purchase_result`, { appType: "101", token, body: { order_id: order.order_id } });
    // The buyer's return (reconciling with the processor), then the webhook, delivered again and again.
    const first = await result();
    expect(first.body.data?.value).toMatchObject({
      status: "active",
      success: true,
      plan_id: "1-year",
      months: 12,
      currency: "GBP",
      amount_minor: 3828,
      auto_renew: true,
    });
    const renewsAt = new Date(String((first.body.data?.value as { renews_at?: string } | undefined)?.renews_at));
    expect(renewsAt.getTime() - Date.now()).toBeGreaterThan(364 * 86_400_000);
    const [delivery] = await database.db.select().from(webhookEvents);
    const event = JSON.parse(String(delivery?.payload)) as { eventId: string };
    const redelivered = {
      id: event.eventId,
      type: "payment_succeeded",
      order_id: order.order_id,
      subscription: `sub_${order.order_id}`,
      created: now(),
      period_end: now() + 365 * 86_400,
      amount: 3828,
      currency: "GBP",
      plan_id: "1-year",
    };
    await Promise.all([webhook(redelivered), webhook(redelivered), result(), webhook(redelivered)]);
    // A second, different event paying the same order (a processor's duplicate) sends nothing more.
    await webhook(await paid(order.order_id, "evt_other"));

    const mails = await receipts();
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.subject).toBe(`Ihre Veilport-Quittung für Bestellung ${order.order_id}`);
    expect(mail?.text).toContain(`Bestellnummer: ${order.order_id}`);
    expect(mail?.text).toContain("Tarif: 1 Jahr");
    expect(mail?.text).toContain("Bezahlter Betrag: £38,28 GBP");
    expect(mail?.text).toContain(
      `Verlängert sich automatisch am: ${new Intl.DateTimeFormat("de-DE", { dateStyle: "long", timeZone: "UTC" }).format(renewsAt)}`,
    );
    // Made at checkout, the account has no password yet: the receipt says how to set one.
    expect(mail?.text).toContain("Legen Sie ein Passwort für Ihr Konto fest");
    expect(mail?.html).toContain('<html lang="de-DE" dir="ltr">');
    expect(mail?.html).toContain(`<bdi dir="ltr">${order.order_id}</bdi>`);
  });

  it("mails the receipt in the account's language when the order has none, and none for a declined card", async () => {
    const token = await buyer();
    const declined = await startOrder(token);
    await app.request(declined.web_url, { method: "POST", body: new URLSearchParams({ card: "4000000000000002" }) });
    await call("POST", `${P}/ps/purchase_result`, { appType: "101", token, body: { order_id: declined.order_id } });
    expect(await receipts()).toHaveLength(0);

    const order = await startOrder(token, "1-month");
    await webhook(await paid(order.order_id, "evt_m1", now(), 30));
    const [mail] = await receipts();
    expect(mail?.subject).toBe(`Your Veilport receipt for order ${order.order_id}`);
    expect(mail?.text).toContain("Plan: 1 month");
    expect(mail?.text).toContain("Amount paid: £10.49 GBP");
  });

  it("sends no receipt for a payment reported after its refund", async () => {
    const token = await buyer();
    const order = await startOrder(token);
    const t0 = now() - 100;
    await webhook({
      id: "evt_refund_first",
      type: "refunded",
      order_id: order.order_id,
      subscription: `sub_${order.order_id}`,
      created: t0 + 50,
    });
    await webhook(await paid(order.order_id, "evt_paid_late", t0));
    // The one mail about this order is the refund's confirmation (decision 035), never a receipt.
    const mails = await receipts();
    expect(mails.map((mail) => mail.subject)).toEqual([`Your ${BRAND.name} refund for order ${order.order_id}`]);
  });

  it("turns automatic renewal off and keeps access until the period ends", async () => {
    const token = await buyer();
    const order = await startOrder(token, "1-month");
    await webhook(await paid(order.order_id, "evt_m", now(), 30));
    const [sub] = ((await call("GET", "/api/mms/payment/v1/web/subscription_my", { appType: "101", token })).body.data
      ?.subscriptions ?? []) as Array<{ id: number }>;
    const canceled = await call("POST", "/api/mms/payment/v1/web/subscription_cancel", {
      appType: "101",
      token,
      body: { id: sub?.id },
    });
    expect(canceled.body.data).toMatchObject({ status: "canceled", auto_renew: false });
    const profile = await call("GET", "/api/mms/account/v1/web/profile", { appType: "101", token });
    expect(profile.body.data?.vip).toMatchObject({ is_vip: true });
    expect(
      (await call("POST", "/api/mms/payment/v1/web/subscription_cancel", { appType: "101", token, body: { id: 9999 } }))
        .status,
    ).toBe(404);
  });

  it("raises the device limit to the paid plan's", async () => {
    const token = await buyer();
    const before = await call("GET", "/api/mms/account/v1/web/device/list", { appType: "101", token });
    expect(before.body.data?.limit).toBe(5);
    const order = await startOrder(token, "2-years");
    await webhook(await paid(order.order_id, "evt_2y", now(), 730));
    const after = await call("GET", "/api/mms/account/v1/web/device/list", { appType: "101", token });
    expect(after.body.data?.limit).toBe(10);
  });

  it("grants nothing for a declined card", async () => {
    const token = await buyer();
    const order = await startOrder(token);
    await app.request(order.web_url, { method: "POST", body: new URLSearchParams({ card: "4000000000000002" }) });
    const result = await call("POST", `${P}/ps/purchase_result`, {
      appType: "101",
      token,
      body: { order_id: order.order_id },
    });
    expect(result.body.data?.value).toMatchObject({ status: "failed", success: false });
    expect(await database.db.select().from(subscriptions)).toHaveLength(0);
  });

  it("refuses a webhook with a bad signature and stores nothing", async () => {
    const token = await buyer();
    const order = await startOrder(token);
    const forged = await webhook(await paid(order.order_id), signSandboxPayload("wrong", "{}", now()));
    expect(forged.status).toBe(400);
    expect(await database.db.select().from(webhookEvents)).toHaveLength(0);
    expect((await webhook(await paid(order.order_id), `t=${now() - 3600},v1=00`)).status).toBe(400);
  });

  it("grants once when the same event arrives five times at once", async () => {
    const token = await buyer();
    const order = await startOrder(token);
    const event = await paid(order.order_id);
    const responses = await Promise.all(Array.from({ length: 5 }, () => webhook(event)));
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await database.db.select().from(webhookEvents)).toHaveLength(1);
    const [sub] = await database.db.select().from(subscriptions);
    expect(sub?.status).toBe("active");
    expect(await database.db.select().from(subscriptions)).toHaveLength(1);
  });

  it("ends in the right state when events arrive out of order", async () => {
    const token = await buyer();
    const order = await startOrder(token);
    const t0 = now() - 100;
    await webhook({
      id: "evt_refund",
      type: "refunded",
      order_id: order.order_id,
      subscription: `sub_${order.order_id}`,
      created: t0 + 50,
    });
    await webhook(await paid(order.order_id, "evt_paid", t0));
    const [sub] = await database.db.select().from(subscriptions);
    expect(sub?.status).toBe("expired");
    const profile = await call("GET", "/api/mms/account/v1/web/profile", { appType: "101", token });
    expect(profile.body.data?.vip).toMatchObject({ is_vip: false, remain_time: 0 });
  });

  it("applies at start an event stored before a crash", async () => {
    const token = await buyer();
    const order = await startOrder(token);
    // Stored, then the process died before applying it.
    await recordProviderEvent(database.db, "sandbox", {
      eventId: "evt_crash",
      orderId: order.order_id,
      subscriptionRef: `sub_${order.order_id}`,
      environment: "sandbox",
      charge: { amountMinor: 3828, currency: "GBP", planId: "1-year" },
      event: { type: "payment_succeeded", at: new Date(), periodEnd: new Date(Date.now() + 30 * 86_400_000) },
    });
    expect((await database.db.select().from(orders).where(eq(orders.id, order.order_id)))[0]?.status).toBe("pending");
    expect(await processPendingEvents(database.db)).toBe(1);
    expect((await database.db.select().from(orders).where(eq(orders.id, order.order_id)))[0]?.status).toBe("active");
  });

  it("needs a session to buy, and a known plan", async () => {
    expect((await call("POST", `${P}/ps/purchase`, { appType: "101", body: { plan_id: "1-year" } })).status).toBe(401);
    const token = await buyer();
    const unknown = await call("POST", `${P}/ps/purchase`, {
      appType: "101",
      token,
      body: { plan_id: "lifetime", recasign: "t" },
    });
    expect(unknown.body).toMatchObject({ code: 40000, data: { fields: { plan_id: "plan.unknown" } } });
    expect(
      (await call("POST", `${P}/xx/purchase`, { appType: "101", token, body: { plan_id: "1-year", recasign: "t" } }))
        .body.code,
    ).toBe(40120);
    // gap (Google Play) has purchase_result only: its purchases start in the Android app.
    const gap = await call("POST", `${P}/gap/purchase`, {
      appType: "101",
      token,
      body: { plan_id: "1-year", recasign: "t" },
    });
    expect(gap.status).toBe(400);
    expect(gap.body.code).toBe(40122);
    const params = await call("GET", `${P}/common/params`);
    const providers = params.body.data?.providers as Array<{ code: string; web_purchase: boolean }>;
    expect(providers.filter((p) => !p.web_purchase).map((p) => p.code)).toEqual(["gap"]);
  });

  it("asks every purchase start for the captcha, and starts s1 and pd only at their own calls (SPEC §7)", async () => {
    const token = await buyer();
    const expectCode = (response: { status: number; body: { code: number } }, status: number, code: number) =>
      expect([response.status, response.body.code]).toEqual([status, code]);
    const start = (path: string, recasign?: string) =>
      call("POST", path, { appType: "101", token, body: { plan_id: "1-year", currency: "USD", recasign } });
    for (const path of [`${P}/ps/purchase`, `${P}/s1/create_subscription`, `${P}/common/pd/prepurchase`]) {
      expectCode(await start(path), 400, 40102);
      expectCode(await start(path, ""), 400, 40102);
      expect((await start(path, "t")).body.code).toBe(200);
    }
    for (const code of ["s1", "pd"]) {
      const elsewhere = await start(`${P}/${code}/purchase`, "t");
      expectCode(elsewhere, 404, 40400);
      expect(elsewhere.body.message).toMatch(/create_subscription|prepurchase/);
    }
    expect(await database.db.select().from(orders)).toHaveLength(3);
  });
});

describe("the visitor's country from their address", () => {
  let database: DatabaseHandle;
  afterEach(async () => database.close());

  const ask = async (app: ReturnType<typeof createTestApp>, path: string, forwardedFor: string, method = "GET") => {
    const response = await app.request(path, {
      method,
      headers: { "X-App-Type": "101", "X-Forwarded-For": forwardedFor },
    });
    return (await response.json()) as { data: Record<string, unknown> };
  };

  it("prices in £ for a British address behind a trusted proxy, and ignores the header otherwise", async () => {
    database = await testDatabaseTargets()[0]!.open();
    await seedDemoData(database.db, { withDemoUser: false });
    const behindProxy = createTestApp(database, { env: { TRUST_PROXY: "loopback" } });
    expect((await ask(behindProxy, "/api/mms/account/v1/geo_info", "81.2.69.160", "POST")).data).toEqual({
      user_ip: "81.2.69.160",
      country: "United Kingdom",
      country_code: "GB",
    });
    expect((await ask(behindProxy, `${P}/plans`, "81.2.69.160")).data).toMatchObject({ currency: "GBP" });
    expect((await ask(behindProxy, `${P}/plans`, "139.130.4.5")).data).toMatchObject({ currency: "AUD" });
    expect((await ask(behindProxy, `${P}/plans?currency=CAD`, "81.2.69.160")).data).toMatchObject({ currency: "CAD" });
    // A currency the visitor chose (cookie) wins over their country; one in the link wins over both.
    const chosen = async (path: string, cookie: string) =>
      (await (
        await behindProxy.request(path, {
          headers: { "X-App-Type": "101", "X-Forwarded-For": "81.2.69.160", Cookie: cookie },
        })
      ).json()) as { data: Record<string, unknown> };
    expect((await chosen(`${P}/plans`, "currency=AUD")).data).toMatchObject({ currency: "AUD" });
    expect((await chosen(`${P}/plans?currency=CAD`, "currency=AUD")).data).toMatchObject({ currency: "CAD" });
    expect((await chosen(`${P}/plans`, "currency=JPY")).data).toMatchObject({ currency: "GBP" });

    // No trusted proxy: a visitor's own X-Forwarded-For is a spoof and changes nothing.
    const direct = createTestApp(database);
    expect((await ask(direct, "/api/mms/account/v1/geo_info", "81.2.69.160", "POST")).data).toEqual({
      user_ip: "127.0.0.1",
      country: "",
      country_code: "",
    });
    expect((await ask(direct, `${P}/plans`, "81.2.69.160")).data).toMatchObject({ currency: "USD" });
  }, 60_000);
});
