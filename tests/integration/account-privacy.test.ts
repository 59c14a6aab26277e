import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { hashPassword } from "../../core/auth/hash-password";
import { createPendingSignIn, deleteExpiredChallenges } from "../../core/auth/two-factor/challenges";
import { paddleProcessor } from "../../core/billing/providers/paddle";
import { createProcessors } from "../../core/billing/providers/processors";
import { stripeProcessor } from "../../core/billing/providers/stripe";
import { noCaptchaVerifier } from "../../core/captcha/remote-captcha";
import { seedDemoData } from "../../core/demo/seed";
import type { GeoLookup } from "../../core/geo/geo-database";
import type { DatabaseHandle } from "../../db/client";
import {
  authChallenges,
  billingProfiles,
  boundIps,
  contactReports,
  devices,
  emailChanges,
  mailOutbox,
  orders,
  passkeys,
  recoveryCodes,
  securityEvents,
  sessionReauthentications,
  sessions,
  subscriptionNotices,
  subscriptions,
  totpSecrets,
  users,
} from "../../db/schema";
import { type PaddleFake, startPaddleFake } from "../fakes/paddle-api";
import { type StripeFake, startStripeFake } from "../fakes/stripe-api";
import { apiClient, lastMailedCode } from "../helpers/api-client";
import { createTestApp } from "../helpers/test-app";
import { testDatabaseTargets } from "../helpers/test-databases";

// The account's own data (decision 041): its export, and its deletion with the subscription
// cancelled first through Stripe's and Paddle's official SDKs against local fakes of their APIs.
const P = "/api/mms/payment/v1/providers";
const A = "/api/mms/account/v1/web";
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
// The buyer's address maps to Germany; the address itself must be stored nowhere.
const BUYER_ADDRESS = "198.51.100.23";
const geo: GeoLookup = {
  lookup: (address: string) => (address === BUYER_ADDRESS ? { countryCode: "DE" } : null),
} as unknown as GeoLookup;

// Secrets the account holds: the export must not contain any of them.
const TOTP_SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
const RECOVERY_HASH = "recovery-code-hash-0123456789abcdef";
const CHALLENGE_HASH = "pending-sign-in-hash-0123456789abcdef";
const UNDO_HASH = "email-undo-token-hash-0123456789abcdef";
const PASSKEY_PUBLIC_KEY = "pQECAyYgASFYIPublicKeyOfErikasKey";

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

describe.each(testDatabaseTargets())("the account's data on $name", (target) => {
  let database: DatabaseHandle;
  let app: ReturnType<typeof createTestApp>;
  let call: ReturnType<typeof apiClient>;

  beforeEach(async () => {
    database = await target.open();
    await seedDemoData(database.db, { withDemoUser: false });
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
    app = createTestApp(database, {
      env: { ...LIVE_ENV, TRUST_PROXY: "loopback" },
      deps: { captcha: noCaptchaVerifier(), payments, geo: async () => geo },
    });
    call = apiClient(app);
  });
  afterEach(async () => database.close());

  /** A signed-up buyer (German) with a paid 1-year plan through the processor, its webhook delivered. */
  const paidBuyer = async (email: string, code: "s1" | "pd") => {
    const signup = await call("POST", `${A}/anonymous_signup`, {
      appType: "101",
      body: { email, recasign: "t" },
      headers: { "accept-language": "de" },
    });
    const token = String(signup.body.data?.token);
    const userId = Number((signup.body.data as { user_id?: number }).user_id);
    await database.db.update(users).set({ locale: "de" }).where(eq(users.id, userId));
    const path = code === "s1" ? `${P}/s1/create_subscription` : `${P}/common/pd/prepurchase`;
    const started = await call("POST", path, {
      appType: "101",
      token,
      headers: { "x-forwarded-for": BUYER_ADDRESS },
      body: { plan_id: "1-year", currency: "USD", recasign: "t", client_info: { language: "de", ip: BUYER_ADDRESS } },
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
    const [subscription] = await database.db.select().from(subscriptions).where(eq(subscriptions.orderId, orderId));
    expect(subscription?.status).toBe("active");
    // The rest of what an account can hold.
    await database.db.insert(billingProfiles).values({ userId, name: "Erika Muster", address: "Hauptstr. 1, Berlin" });
    await database.db.insert(boundIps).values({ userId, ip: "203.0.113.9" });
    await database.db.insert(devices).values({ userId, appType: 101, deviceId: "dev-1", deviceName: "Erika's phone" });
    await database.db.insert(contactReports).values({
      reference: `VP-${userId}ABCDEFG`.slice(0, 11),
      name: "Erika",
      email: email.toUpperCase(),
      topic: "billing",
      message: "Where is my receipt?",
      locale: "de",
    });
    await withSecurityData(userId, email, Number(subscription?.id));
    return { token, userId, orderId, email, subscriptionRef: String(subscription?.providerSubscriptionId) };
  };

  /**
   * What two-factor sign-in, the security log, an e-mail change and the notices leave behind,
   * inserted directly (the flows have their own tests): the session proved its owner again too.
   */
  const withSecurityData = async (userId: number, email: string, subscriptionId: number) => {
    const now = new Date();
    await database.db.insert(totpSecrets).values({ userId, secret: TOTP_SECRET, enabledAt: now, lastStep: 59_000_000 });
    await database.db
      .insert(passkeys)
      .values({ userId, credentialId: "cred-erika-1", publicKey: PASSKEY_PUBLIC_KEY, transports: ["usb"] });
    await database.db.insert(recoveryCodes).values({ userId, codeHash: RECOVERY_HASH });
    await database.db.insert(authChallenges).values({
      tokenHash: CHALLENGE_HASH,
      kind: "second_factor",
      userId,
      method: "password",
      expiresAt: new Date(now.getTime() + 5 * 60_000),
    });
    const [session] = await database.db.select().from(sessions).where(eq(sessions.userId, userId));
    await database.db.insert(sessionReauthentications).values({ sessionId: Number(session?.id), at: now });
    await database.db
      .insert(securityEvents)
      .values({ userId, kind: "two_factor_enabled", appType: 101, country: "DE" });
    await database.db.insert(emailChanges).values({
      userId,
      oldEmail: `old-${email}`,
      newEmail: email,
      undoTokenHash: UNDO_HASH,
      changedAt: now,
      undoUntil: new Date(now.getTime() + 72 * 3_600_000),
    });
    await database.db
      .insert(subscriptionNotices)
      .values({ kind: "renewal", subscriptionId, periodEnd: new Date(now.getTime() + 7 * 86_400_000) });
  };

  const rowsOf = async (userId: number, email: string) => ({
    users: await database.db.select().from(users).where(eq(users.id, userId)),
    sessions: await database.db.select().from(sessions).where(eq(sessions.userId, userId)),
    subscriptions: await database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)),
    billing: await database.db.select().from(billingProfiles).where(eq(billingProfiles.userId, userId)),
    devices: await database.db.select().from(devices).where(eq(devices.userId, userId)),
    boundIps: await database.db.select().from(boundIps).where(eq(boundIps.userId, userId)),
    reports: (await database.db.select().from(contactReports)).filter((row) => row.email.toLowerCase() === email),
    mails: await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)),
    totp: await database.db.select().from(totpSecrets).where(eq(totpSecrets.userId, userId)),
    passkeys: await database.db.select().from(passkeys).where(eq(passkeys.userId, userId)),
    recoveryCodes: await database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, userId)),
    challenges: await database.db.select().from(authChallenges).where(eq(authChallenges.userId, userId)),
    // Every proof left at all: the account's sessions are gone with it, so none may remain.
    reauthentications: await database.db.select().from(sessionReauthentications),
    securityLog: await database.db.select().from(securityEvents).where(eq(securityEvents.userId, userId)),
    emailChanges: await database.db.select().from(emailChanges).where(eq(emailChanges.userId, userId)),
    notices: await database.db.select().from(subscriptionNotices),
  });

  it("exports everything stored about the account as a file, without secrets or addresses of orders", async () => {
    const buyer = await paidBuyer("export@example.com", "s1");
    const response = await app.request(`${A}/data_export`, {
      headers: { "x-app-type": "101", authorization: `Bearer ${buyer.token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="account-data-\d{4}-\d\d-\d\d\.json"$/,
    );
    const file = (await response.json()) as {
      about: Record<string, string>;
      data: Record<string, Array<Record<string, unknown>>>;
    };
    expect(Object.keys(file.data).sort()).toEqual(
      [
        "auth_challenges",
        "billing_profiles",
        "bound_ips",
        "contact_report_replies",
        "contact_reports",
        "coupon_redemptions",
        "devices",
        "email_changes",
        "invite_codes",
        "invite_rewards",
        "login_failures",
        "mail_outbox",
        "orders",
        "passkeys",
        "rate_limits",
        "recovery_codes",
        "security_events",
        "session_reauthentications",
        "sessions",
        "staff_audit",
        "staff_invitations",
        "staff_members",
        "subscription_notices",
        "subscriptions",
        "totp_secrets",
        "users",
        "verification_codes",
        "voucher_codes",
        "wireguard_peers",
      ].sort(),
    );
    expect(file.data.users).toEqual([expect.objectContaining({ id: buyer.userId, email: "export@example.com" })]);
    expect(file.data.users?.[0]).not.toHaveProperty("password_hash");
    expect(file.data.sessions?.[0]).not.toHaveProperty("token_hash");
    expect(file.data.sessions?.[0]).toHaveProperty("last_seen_at");
    expect(file.data.orders).toEqual([
      expect.objectContaining({ id: buyer.orderId, country: "DE", amount: expect.any(Number) }),
    ]);
    expect(file.data.subscriptions).toEqual([expect.objectContaining({ status: "active", order_id: buyer.orderId })]);
    expect(file.data.billing_profiles).toEqual([expect.objectContaining({ name: "Erika Muster" })]);
    expect(file.data.bound_ips).toEqual([expect.objectContaining({ ip: "203.0.113.9" })]);
    expect(file.data.devices).toEqual([expect.objectContaining({ device_name: "Erika's phone" })]);
    expect(file.data.contact_reports).toEqual([expect.objectContaining({ message: "Where is my receipt?" })]);
    expect(file.data.mail_outbox?.map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/Beleg|Quittung|Rechnung/),
    ]);
    // Two-factor sign-in shows (when, which passkey), its secrets do not.
    expect(file.data.totp_secrets).toEqual([
      expect.objectContaining({
        user_id: buyer.userId,
        enabled_at: expect.any(String),
        created_at: expect.any(String),
      }),
    ]);
    expect(file.data.totp_secrets?.[0]).not.toHaveProperty("secret");
    expect(file.data.passkeys).toEqual([
      expect.objectContaining({ credential_id: "cred-erika-1", public_key: PASSKEY_PUBLIC_KEY, transports: ["usb"] }),
    ]);
    expect(file.data.recovery_codes).toEqual([expect.objectContaining({ used_at: null })]);
    expect(file.data.recovery_codes?.[0]).not.toHaveProperty("code_hash");
    expect(file.data.auth_challenges).toEqual([expect.objectContaining({ kind: "second_factor", method: "password" })]);
    expect(file.data.auth_challenges?.[0]).not.toHaveProperty("token_hash");
    expect(file.data.session_reauthentications).toHaveLength(1);
    // The sign-up's own sign-in, and the event inserted above.
    expect(file.data.security_events?.map((event) => event.kind).sort()).toEqual(["sign_in", "two_factor_enabled"]);
    expect(file.data.security_events).toContainEqual(
      expect.objectContaining({ kind: "two_factor_enabled", country: "DE", created_at: expect.any(String) }),
    );
    expect(file.data.email_changes).toEqual([
      expect.objectContaining({ old_email: "old-export@example.com", new_email: "export@example.com" }),
    ]);
    expect(file.data.email_changes?.[0]).not.toHaveProperty("undo_token_hash");
    expect(file.data.subscription_notices).toEqual([expect.objectContaining({ kind: "renewal" })]);
    for (const secret of [TOTP_SECRET, RECOVERY_HASH, CHALLENGE_HASH, UNDO_HASH]) {
      expect(JSON.stringify(file)).not.toContain(secret);
    }
    // The notes, in the account's language; analytics are not linked to accounts, and it says so.
    expect(file.about.analytics).toMatch(/Analyse|Statistik/);
    // Orders keep the country the address maps to, never the address (neither ours nor the page's).
    expect(JSON.stringify(file)).not.toContain(BUYER_ADDRESS);
  });

  it("Stripe: with an e-mailed code, cancels the renewal at Stripe, erases the account, keeps the order unlinked and says goodbye", async () => {
    const buyer = await paidBuyer("stripe-delete@example.com", "s1");
    expect(
      (await call("POST", `${A}/delete_account/code`, { appType: "101", token: buyer.token, body: {} })).status,
    ).toBe(200);
    const code = await lastMailedCode(database.db, buyer.email);
    expect(code).toMatch(/^\d{6}$/);
    const before = stripeApi.requests.length;
    const answer = await call("POST", `${A}/delete_account`, { appType: "101", token: buyer.token, body: { code } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toEqual({ deleted: true });
    // Stripe saw the cancellation of this subscription's renewal.
    const cancel = stripeApi.requests
      .slice(before)
      .find((request) => request.path === `/v1/subscriptions/${buyer.subscriptionRef}` && request.method === "POST");
    expect(cancel?.form.get("cancel_at_period_end")).toBe("true");

    const left = await rowsOf(buyer.userId, buyer.email);
    expect(left.users).toEqual([]);
    expect(left.sessions).toEqual([]);
    expect(left.subscriptions).toEqual([]);
    expect(left.billing).toEqual([]);
    expect(left.devices).toEqual([]);
    expect(left.boundIps).toEqual([]);
    expect(left.reports).toEqual([]);
    expect(left.totp).toEqual([]);
    expect(left.passkeys).toEqual([]);
    expect(left.recoveryCodes).toEqual([]);
    expect(left.challenges).toEqual([]);
    expect(left.reauthentications).toEqual([]);
    expect(left.securityLog).toEqual([]);
    expect(left.emailChanges).toEqual([]);
    expect(left.notices).toEqual([]);
    // One mail is left to the address: the farewell, in German.
    expect(left.mails.map((mail) => mail.subject)).toEqual([expect.stringContaining("gelöscht")]);
    expect(left.mails[0]?.text).toContain("10 Jahre");
    // The order stays for the books, without the person.
    const [order] = await database.db.select().from(orders).where(eq(orders.id, buyer.orderId));
    expect(order).toMatchObject({ userId: null, status: "active", country: "DE", clientInfo: "{}", checkoutUrl: null });
    // The session is gone: its next request fails.
    const after = await call("GET", `${A}/profile`, { appType: "101", token: buyer.token });
    expect(after.status).toBe(401);
    // A later event of the subscription changes nothing and fails nothing.
    const { invoicePaid } = stripeApi.pay(String(order?.providerReference));
    expect((await app.request("/api/webhooks/stripe/production", stripeSigned(invoicePaid))).status).toBe(200);
    expect(await database.db.select().from(subscriptions).where(eq(subscriptions.orderId, buyer.orderId))).toEqual([]);
  });

  it("Paddle: with the password, cancels at Paddle before erasing", async () => {
    const buyer = await paidBuyer("paddle-delete@example.com", "pd");
    await database.db
      .update(users)
      .set({ passwordHash: await hashPassword("correct horse battery") })
      .where(eq(users.id, buyer.userId));
    const wrong = await call("POST", `${A}/delete_account`, {
      appType: "101",
      token: buyer.token,
      body: { password: "not it" },
    });
    expect(wrong.body).toMatchObject({ code: 40106, data: { fields: { password: "password.wrong" } } });
    expect((await rowsOf(buyer.userId, buyer.email)).users).toHaveLength(1);

    const before = paddleApi.requests.length;
    const answer = await call("POST", `${A}/delete_account`, {
      appType: "101",
      token: buyer.token,
      body: { password: "correct horse battery" },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const cancel = paddleApi.requests
      .slice(before)
      .find((request) => request.path === `/subscriptions/${buyer.subscriptionRef}/cancel`);
    expect(cancel?.body).toMatchObject({ effective_from: "next_billing_period" });
    expect((await rowsOf(buyer.userId, buyer.email)).users).toEqual([]);
    const [order] = await database.db.select().from(orders).where(eq(orders.id, buyer.orderId));
    expect(order?.userId).toBeNull();
  });

  it("when the processor refuses the cancellation, nothing is deleted and the user is told", async () => {
    const buyer = await paidBuyer("refused-delete@example.com", "s1");
    await call("POST", `${A}/delete_account/code`, { appType: "101", token: buyer.token, body: {} });
    const code = await lastMailedCode(database.db, buyer.email);
    const rowsBefore = await rowsOf(buyer.userId, buyer.email);
    stripeApi.failNext(402, "card_error", "no");
    const answer = await call("POST", `${A}/delete_account`, { appType: "101", token: buyer.token, body: { code } });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe(40121);
    const rowsAfter = await rowsOf(buyer.userId, buyer.email);
    expect(rowsAfter).toEqual(rowsBefore);
    const [order] = await database.db.select().from(orders).where(eq(orders.id, buyer.orderId));
    expect(order?.userId).toBe(buyer.userId);
    expect((await call("GET", `${A}/profile`, { appType: "101", token: buyer.token })).status).toBe(200);
  });

  it("keeps a sign-in step no longer than the policy says: the sweep deletes those past their five minutes", async () => {
    const [user] = await database.db.insert(users).values({ email: "steps@example.com" }).returning();
    const userId = Number(user?.id);
    const now = new Date();
    await createPendingSignIn(database.db, { userId, method: "password", now: new Date(now.getTime() - 6 * 60_000) });
    // Still alive when the second one starts (its own clean-up leaves it), gone a minute later.
    await createPendingSignIn(database.db, { userId, method: "code", now: new Date(now.getTime() - 2 * 60_000) });
    expect(await deleteExpiredChallenges(database.db, now)).toBe(1);
    expect(await deleteExpiredChallenges(database.db, now)).toBe(0);
    const left = await database.db.select().from(authChallenges).where(eq(authChallenges.userId, userId));
    expect(left.map((row) => row.method)).toEqual(["code"]);
  });

  it("refuses a wrong code and a body without proof", async () => {
    const buyer = await paidBuyer("wrong-code@example.com", "s1");
    const none = await call("POST", `${A}/delete_account`, { appType: "101", token: buyer.token, body: {} });
    expect(none.body.code).toBe(40000);
    const wrong = await call("POST", `${A}/delete_account`, {
      appType: "101",
      token: buyer.token,
      body: { code: "000000" },
    });
    expect(wrong.body.code).toBe(40103);
    expect((await rowsOf(buyer.userId, buyer.email)).users).toHaveLength(1);
  });
});
