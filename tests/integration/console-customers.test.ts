import { x25519 } from "@noble/curves/ed25519.js";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { updatePassword } from "../../core/auth/accounts";
import { enableTotp } from "../../core/auth/two-factor/enrol";
import { startTotpEnrolment, totpCodeAt } from "../../core/auth/two-factor/totp";
import { createProcessors } from "../../core/billing/providers/processors";
import { sandboxProcessor } from "../../core/billing/providers/sandbox";
import { SANDBOX_SIGNATURE_HEADER, signSandboxPayload } from "../../core/billing/providers/sandbox-signature";
import { noCaptchaVerifier } from "../../core/captcha/remote-captcha";
import { seedDemoData } from "../../core/demo/seed";
import type { DatabaseHandle } from "../../db/client";
import { orders, staffAudit, subscriptions } from "../../db/schema";
import { sessionCookieName } from "../../server/middleware/session";
import { toBase64 } from "../../universal/wireguard/keys";
import { apiClient, lastMailedCode, signUpBuyer } from "../helpers/api-client";
import { consoleStaff } from "../helpers/console-staff";
import { createTestApp } from "../helpers/test-app";
import { testDatabaseTargets } from "../helpers/test-databases";

// The console's customer view and actions (decision 058): support reads an account and acts on it
// through the customer's own functions; each action is audited; marketing gets 403; a disabled
// account cannot sign in any way, loses its sessions and leaves the VPN servers' peer list.
const TOKEN = "operator-token-for-tests-0123456789abcdef";
const SERVER_TOKEN = "vpn-server-token-fra-1-0123456789abcdef";
const _C = "/api/mms/console/v1/web";
const A = "/api/mms/account/v1/web";
const SANDBOX_SECRET = "sandbox-test-secret";

describe.each(testDatabaseTargets())("console customers on $name", (target) => {
  let database: DatabaseHandle;
  let call: ReturnType<typeof apiClient>;
  let app: ReturnType<typeof createTestApp>;

  beforeEach(async () => {
    database = await target.open();
    await seedDemoData(database.db, { withDemoUser: false });
    const sandbox = sandboxProcessor(database.db, { secret: SANDBOX_SECRET, origin: "" });
    const payments = createProcessors({ mode: "sandbox", sandbox });
    app = createTestApp(database, {
      env: { OPERATOR_TOKEN: TOKEN, PUBLIC_ORIGIN: "https://vpn.example", VPN_SERVER_TOKENS: SERVER_TOKEN },
      deps: { captcha: noCaptchaVerifier(), sandbox, payments },
    });
    call = apiClient(app);
  });
  afterEach(async () => database.close());

  const { userIdOf, get, post, owner, member } = consoleStaff(() => ({ db: database.db, call }), TOKEN);
  /** A paid sandbox order of the two-year plan (the sandbox's signed webhook): its order id. */
  const buy = async (token: string) => {
    const started = await call("POST", "/api/mms/payment/v1/providers/ps/purchase", {
      appType: "101",
      token,
      body: { plan_id: "2-years", currency: "USD", recasign: "t" },
    });
    const orderId = String((started.body.data?.value as { order_id?: string } | undefined)?.order_id);
    const [order] = await database.db.select().from(orders).where(eq(orders.id, orderId));
    const nowS = Math.floor(Date.now() / 1000);
    const raw = JSON.stringify({
      id: `evt_${orderId}`,
      type: "payment_succeeded",
      order_id: orderId,
      subscription: `sub_${orderId}`,
      created: nowS,
      period_end: nowS + 730 * 86_400,
      amount: order?.amount,
      currency: "USD",
      plan_id: "2-years",
    });
    const delivered = await app.request("/api/webhooks/sandbox", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(SANDBOX_SECRET, raw, nowS),
      },
      body: raw,
    });
    expect(delivered.status).toBe(200);
    return orderId;
  };
  const staffTeam = async () => {
    const ownerToken = await owner();
    const helper = await member(ownerToken, "help@example.com", "support");
    const seller = await member(ownerToken, "ads@example.com", "marketing");
    const counter = await member(ownerToken, "money@example.com", "finance");
    return { ownerToken, helper, seller, counter };
  };
  const auditOf = async (action: string) =>
    database.db.select().from(staffAudit).where(eq(staffAudit.action, action)).orderBy(staffAudit.id);
  const profile = (token: string) => call("GET", `${A}/profile`, { appType: "101", token });

  it("shows a customer found by an order: subscriptions, payments, devices, live sessions and never a token", async () => {
    const { helper, seller, counter } = await staffTeam();
    const buyer = await signUpBuyer(call, "buyer@example.com");
    const orderId = await buy(buyer);
    await call("POST", `${A}/device/bind`, {
      appType: "1",
      token: buyer,
      body: { device_id: "iphone-1", device_name: "Anna's iPhone" },
    });
    const found = await get(helper, `/orders?q=${orderId}`);
    const userId = (found.body.data?.orders as Array<{ user_id: number }> | undefined)?.[0]?.user_id;
    expect(userId).toBe(await userIdOf("buyer@example.com"));

    const detail = await get(helper, `/customers/${userId}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({
      account: { user_id: userId, email: "buyer@example.com", disabled_at: null, is_staff: false },
      subscriptions: [{ plan_id: "2-years", status: "active", auto_renew: true, prepaid: false }],
      payments: [{ order_id: orderId, status: "active", user_id: userId }],
      devices: [{ app_type: 1, device_id: "iphone-1", device_name: "Anna's iPhone" }],
      sessions: [{ app_type: 101 }],
    });
    expect(JSON.stringify(detail.body)).not.toContain(buyer);
    expect(JSON.stringify(detail.body)).not.toMatch(/token/i);
    // Finance reads orders, so it reads the customer too; marketing reads neither.
    expect((await get(counter, `/customers/${userId}`)).status).toBe(200);
    const refused = await get(seller, `/customers/${userId}`);
    expect([refused.status, refused.body.code]).toEqual([403, 40251]);
    expect((await get(helper, "/customers/999999")).body.code).toBe(40400);
  });

  it("cancels at the period end through the customer's own cancel, audited; marketing and finance may not", async () => {
    const { helper, seller, counter } = await staffTeam();
    const buyer = await signUpBuyer(call, "buyer@example.com");
    await buy(buyer);
    const userId = await userIdOf("buyer@example.com");
    const [subscription] = await database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    const body = { user_id: userId, subscription_id: subscription?.id };
    for (const token of [seller, counter]) {
      const refused = await post(token, "/customers/subscription/cancel", body);
      expect([refused.status, refused.body.code]).toEqual([403, 40251]);
    }
    // Another account's subscription is not this customer's.
    const other = await post(helper, "/customers/subscription/cancel", { ...body, user_id: userId + 1000 });
    expect(other.body.code).toBe(40400);

    const canceled = await post(helper, "/customers/subscription/cancel", body);
    const periodEnd = subscription?.currentPeriodEnd?.toISOString();
    expect(canceled.body.data).toEqual({
      id: subscription?.id,
      status: "canceled",
      auto_renew: false,
      period_end: periodEnd,
    });
    // What the customer sees: no renewal, access until the period's end.
    const mine = await call("GET", "/api/mms/payment/v1/web/subscription_my", { appType: "101", token: buyer });
    expect((mine.body.data?.subscriptions as unknown[] | undefined)?.[0]).toMatchObject({
      status: "canceled",
      auto_renew: false,
      renews_at: null,
      expires_at: periodEnd,
    });
    expect((await profile(buyer)).body.data?.vip).toMatchObject({ is_vip: true });
    expect(await auditOf("customer.cancel")).toEqual([
      expect.objectContaining({
        actorUserId: await userIdOf("help@example.com"),
        target: `subscription:${subscription?.id}`,
        before: { user_id: userId, status: "active", auto_renew: true, period_end: periodEnd },
        after: { user_id: userId, status: "canceled", auto_renew: false, period_end: periodEnd },
      }),
    ]);
  });

  it("ends one session, then all of them, and removes a device; each audited, the customer's token stops working", async () => {
    const { helper, seller } = await staffTeam();
    const web = await signUpBuyer(call, "buyer@example.com");
    const userId = await userIdOf("buyer@example.com");
    await updatePassword(database.db, userId, "Correct-Horse-9!");
    const login = () =>
      call("POST", `${A}/login`, {
        appType: "1",
        body: { email: "buyer@example.com", password: "Correct-Horse-9!", recasign: "t" },
      });
    const phone = String((await login()).body.data?.token);
    const tablet = String((await login()).body.data?.token);
    // The website's session lives in its cookie.
    const browser = await call("POST", `${A}/login`, {
      body: { email: "buyer@example.com", password: "Correct-Horse-9!", recasign: "t" },
    });
    expect([browser.body.code, browser.body.message]).toEqual([200, "ok"]);
    const cookie = String(browser.cookie);
    // The test app's origin is https: the cookie has its https name.
    const cookieProfile = () =>
      call("GET", `${A}/profile`, { headers: { cookie: `${sessionCookieName(true)}=${cookie}` } });
    expect((await cookieProfile()).body).toMatchObject({ code: 200 });
    await call("POST", `${A}/device/bind`, { appType: "1", token: phone, body: { device_id: "p1", device_name: "P" } });

    const sessions = (await get(helper, `/customers/${userId}`)).body.data?.sessions as Array<{ id: number }>;
    expect(sessions).toHaveLength(4);
    const refused = await post(seller, "/customers/sessions/end", { user_id: userId });
    expect([refused.status, refused.body.code]).toEqual([403, 40251]);

    const phoneSession = sessions[1]?.id;
    expect(
      (await post(helper, "/customers/sessions/end", { user_id: userId, session_id: phoneSession })).body.data,
    ).toEqual({ ended: 1 });
    expect((await profile(phone)).body.code).toBe(50012);
    expect((await profile(tablet)).status).toBe(200);
    expect(
      (await post(helper, "/customers/sessions/end", { user_id: userId, session_id: phoneSession })).body.code,
    ).toBe(40405);
    expect((await post(helper, "/customers/sessions/end", { user_id: userId })).body.data).toEqual({ ended: 3 });
    expect((await profile(web)).body.code).toBe(50012);
    expect((await cookieProfile()).body.code).toBe(50012);
    expect((await profile(tablet)).body.code).toBe(50012);
    expect(await auditOf("customer.session_end")).toEqual([
      expect.objectContaining({
        target: `session:${phoneSession}`,
        before: { user_id: userId, live_sessions: 4 },
        after: { user_id: userId, live_sessions: 3 },
      }),
      expect.objectContaining({
        target: `user:${userId}`,
        before: { user_id: userId, live_sessions: 3 },
        after: { user_id: userId, live_sessions: 0 },
      }),
    ]);

    const device = { user_id: userId, app_type: 1, device_id: "p1" };
    expect((await post(seller, "/customers/devices/remove", device)).status).toBe(403);
    expect((await post(helper, "/customers/devices/remove", device)).body.data).toEqual({ removed: true });
    expect((await post(helper, "/customers/devices/remove", device)).body.code).toBe(40404);
    const fresh = String((await login()).body.data?.token);
    expect((await call("GET", `${A}/device/list`, { appType: "1", token: fresh })).body.data?.devices).toEqual([]);
    expect(await auditOf("customer.device_remove")).toEqual([
      expect.objectContaining({
        target: `user:${userId}`,
        before: { app_type: 1, device_id: "p1", device_name: "P" },
        after: null,
      }),
    ]);
  });

  it("disables an account: every sign-in refused with 40220, sessions end, keys leave the peer list; enabling lets it in again", async () => {
    const { ownerToken, helper, seller } = await staffTeam();
    const buyerToken = await signUpBuyer(call, "buyer@example.com");
    await buy(buyerToken);
    const userId = await userIdOf("buyer@example.com");
    await updatePassword(database.db, userId, "Correct-Horse-9!");
    const publicKey = toBase64(x25519.getPublicKey(x25519.utils.randomSecretKey()));
    const added = await call("POST", `${A}/wireguard/add`, {
      appType: "101",
      token: buyerToken,
      body: { public_key: publicKey, name: "Laptop" },
    });
    expect(added.status).toBe(200);
    const peerList = async () =>
      (
        (await call("GET", "/api/operator/v1/wireguard/peers", { appType: null, token: SERVER_TOKEN })).body.data
          ?.peers as Array<{ public_key: string }> | undefined
      )?.map((peer) => peer.public_key);
    expect(await peerList()).toEqual([publicKey]);

    expect((await post(seller, "/customers/disable", { user_id: userId })).status).toBe(403);
    // Staff are not disabled from here (support must not lock out an owner).
    const staffRefused = await post(helper, "/customers/disable", { user_id: await userIdOf("owner@example.com") });
    expect([staffRefused.status, staffRefused.body.code]).toEqual([409, 40221]);
    expect((await get(ownerToken, "/me")).status).toBe(200);

    const disabled = await post(helper, "/customers/disable", { user_id: userId });
    expect(disabled.body.data).toEqual({ changed: true, sessions_ended: 1, vpn_keys_revoked: 1 });
    expect((await profile(buyerToken)).body.code).toBe(50012);
    expect(await peerList()).toEqual([]);
    const feed = await call("GET", "/api/operator/v1/wireguard/changes?cursor=0", {
      appType: null,
      token: SERVER_TOKEN,
    });
    expect((feed.body.data?.changes as Array<{ kind: string }> | undefined)?.map((change) => change.kind)).toEqual([
      "add",
      "remove",
    ]);

    // Password, e-mailed code and account number... each refused with the code the page translates.
    const byPassword = await call("POST", `${A}/login`, {
      appType: "101",
      body: { email: "buyer@example.com", password: "Correct-Horse-9!", recasign: "t" },
    });
    expect([byPassword.status, byPassword.body.code, byPassword.cookie]).toEqual([403, 40220, undefined]);
    expect(byPassword.body.data).toBeNull();
    await call("POST", `${A}/verification/request`, {
      body: { email: "buyer@example.com", purpose: "login", recasign: "t" },
    });
    const code = await lastMailedCode(database.db, "buyer@example.com");
    const byCode = await call("POST", `${A}/login`, {
      appType: "1",
      body: { email: "buyer@example.com", code, recasign: "t" },
    });
    expect([byCode.status, byCode.body.code, byCode.body.data]).toEqual([403, 40220, null]);
    // A wrong password still reads as a wrong password: the refusal tells only whoever knows it.
    const wrong = await call("POST", `${A}/login`, {
      appType: "101",
      body: { email: "buyer@example.com", password: "Wrong-Horse-9!", recasign: "t" },
    });
    expect(wrong.body.code).toBe(40101);
    expect((await get(helper, `/customers/${userId}`)).body.data?.account).toMatchObject({
      disabled_at: expect.any(String),
    });
    // Twice is no change and no second audit row.
    expect((await post(helper, "/customers/disable", { user_id: userId })).body.data).toMatchObject({ changed: false });

    expect((await post(seller, "/customers/enable", { user_id: userId })).status).toBe(403);
    expect((await post(helper, "/customers/enable", { user_id: userId })).body.data).toEqual({ changed: true });
    expect((await post(helper, "/customers/enable", { user_id: userId })).body.data).toEqual({ changed: false });
    // (The code above proved the address, which clears a password set before it: decision 020.)
    await updatePassword(database.db, userId, "Correct-Horse-9!");
    const again = await call("POST", `${A}/login`, {
      appType: "1",
      body: { email: "buyer@example.com", password: "Correct-Horse-9!", recasign: "t" },
    });
    expect(again.body.code).toBe(200);
    expect((await profile(String(again.body.data?.token))).status).toBe(200);

    const helperId = await userIdOf("help@example.com");
    expect(await auditOf("customer.disable")).toEqual([
      expect.objectContaining({
        actorUserId: helperId,
        target: `user:${userId}`,
        before: { disabled: false },
        after: expect.objectContaining({ disabled: true, sessions_ended: 1, vpn_keys_revoked: 1 }),
      }),
    ]);
    expect(await auditOf("customer.enable")).toEqual([
      expect.objectContaining({
        actorUserId: helperId,
        target: `user:${userId}`,
        before: expect.objectContaining({ disabled: true }),
        after: { disabled: false },
      }),
    ]);
  });

  it("refuses a disabled account's account number, its password before the second step, and a second step begun before", async () => {
    const { helper } = await staffTeam();
    const numbers = apiClient(
      createTestApp(database, {
        deps: { captcha: noCaptchaVerifier() },
        env: { ACCOUNT_NUMBERS: "on", ACCOUNT_NUMBER_SECRET: "account-number-test-secret-0123456789" },
      }),
    );
    const opened = await numbers("POST", `${A}/account_number`, { appType: "1", body: { recasign: "t" } });
    const number = String(opened.body.data?.account_number);
    const numberUser = Number(opened.body.data?.user_id);
    expect((await post(helper, "/customers/disable", { user_id: numberUser })).body.data).toMatchObject({
      changed: true,
      sessions_ended: 1,
    });
    const byNumber = await numbers("POST", `${A}/account_number/login`, {
      appType: "1",
      body: { account_number: number, recasign: "t" },
    });
    expect([byNumber.status, byNumber.body.code, byNumber.body.data]).toEqual([403, 40220, null]);

    // Two-factor sign-in on: a second step begun before the disabling does not start a session after it.
    await signUpBuyer(call, "careful@example.com");
    const userId = await userIdOf("careful@example.com");
    await updatePassword(database.db, userId, "Correct-Horse-9!");
    const secret = (await startTotpEnrolment(database.db, userId)) ?? "";
    const enrolledAt = new Date();
    expect((await enableTotp(database.db, userId, totpCodeAt(secret, enrolledAt))).ok).toBe(true);
    const login = () =>
      call("POST", `${A}/login`, {
        appType: "1",
        body: { email: "careful@example.com", password: "Correct-Horse-9!", recasign: "t" },
      });
    const first = await login();
    expect(first.body.code).toBe(40160);
    expect((await post(helper, "/customers/disable", { user_id: userId })).body.data).toMatchObject({ changed: true });
    const step = await call("POST", `${A}/login/second_factor`, {
      appType: "1",
      body: {
        pending_token: first.body.data?.pending_token,
        code: totpCodeAt(secret, new Date(enrolledAt.getTime() + 30_000)),
      },
    });
    expect([step.status, step.body.code, step.body.data]).toEqual([403, 40220, null]);
    // A new attempt is refused at the password, before any second step is asked for.
    const again = await login();
    expect([again.status, again.body.code]).toEqual([403, 40220]);
  });
});
