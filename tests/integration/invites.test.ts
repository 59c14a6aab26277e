import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createProcessors } from "../../core/billing/providers/processors";
import { sandboxProcessor } from "../../core/billing/providers/sandbox";
import { SANDBOX_SIGNATURE_HEADER, signSandboxPayload } from "../../core/billing/providers/sandbox-signature";
import { noCaptchaVerifier } from "../../core/captcha/remote-captcha";
import { seedDemoData } from "../../core/demo/seed";
import type { InviteSettings } from "../../core/invites/invite-rules";
import { settleInviteRewards } from "../../core/invites/invites";
import { deleteAccount } from "../../core/privacy/delete-account";
import { exportAccountData } from "../../core/privacy/export-account";
import type { DatabaseHandle } from "../../db/client";
import { inviteRewards, orders, subscriptions } from "../../db/schema";
import { apiClient } from "../helpers/api-client";
import { createTestApp } from "../helpers/test-app";
import { testDatabaseTargets } from "../helpers/test-databases";

// Invite a friend (decision 047) through the API and the rewards job, on the sandbox processor,
// with the job's clock in the test's hands: A buys and gets a link, B signs up and buys through
// it, both rewards are pending until the refund window has passed, then granted on top of the
// period each has; a refund before cancels them, a refund after takes the time back.
const SECRET = "sandbox-test-secret";
const TOKEN = "operator-token-for-tests-0123456789abcdef";
const INVITE = "/api/mms/account/v1/web/invite";
const DAY_MS = 86_400_000;
const SETTINGS: InviteSettings = { months: 1, days: 0, capPerYear: 12, delayDays: 30 };

type Vip = { is_vip: boolean; expire_at: string | null };
type InviteAnswer = {
  code: string | null;
  link: string | null;
  short_link: string | null;
  reward: { months: number; days: number };
  joined: number;
  purchased: number;
  rewards: Array<{ role: string; status: string; months: number; due_at: string; granted_at: string | null }>;
};

describe.each(testDatabaseTargets())("invite a friend on $name", (target) => {
  let database: DatabaseHandle;
  let call: ReturnType<typeof apiClient>;
  let app: ReturnType<typeof createTestApp>;

  beforeEach(async () => {
    database = await target.open();
    await seedDemoData(database.db, { withDemoUser: false });
    const sandbox = sandboxProcessor(database.db, { secret: SECRET, origin: "" });
    const payments = createProcessors({ mode: "sandbox", sandbox });
    app = createTestApp(database, {
      env: { OPERATOR_TOKEN: TOKEN, INVITE_REWARD_MONTHS: "1", PUBLIC_ORIGIN: "https://vpn.example.com" },
      deps: { captcha: noCaptchaVerifier(), sandbox, payments },
    });
    call = apiClient(app);
  });
  afterEach(async () => database.close());

  const inviteOf = (code: string) => ({ invite_code: code, invite_type: "friend", invite_source: "30001" });

  const signup = async (email: string, attribution?: Record<string, string>) => {
    const answer = await call("POST", "/api/mms/account/v1/web/anonymous_signup", {
      appType: "101",
      body: { email, recasign: "t", ...(attribution ? { attribution } : {}) },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return { token: String(answer.body.data?.token), userId: Number(answer.body.data?.user_id) };
  };

  /** A sandbox webhook, signed as the sandbox signs it. */
  const deliver = async (body: Record<string, unknown>) => {
    const raw = JSON.stringify(body);
    const delivered = await app.request("/api/webhooks/sandbox", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(SECRET, raw, Math.floor(Date.now() / 1000)),
      },
      body: raw,
    });
    expect(delivered.status).toBe(200);
  };

  /** A paid one-month sandbox order bought at `paidAt`, with the page's attribution. */
  const buy = async (token: string, paidAt: Date, attribution?: Record<string, string>) => {
    const started = await call("POST", "/api/mms/payment/v1/providers/ps/purchase", {
      appType: "101",
      token,
      body: {
        plan_id: "1-month",
        currency: "USD",
        recasign: "t",
        client_info: { language: "en", ...(attribution ? { attribution } : {}) },
      },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const orderId = String((started.body.data?.value as { order_id?: string } | undefined)?.order_id);
    const [order] = await database.db.select().from(orders).where(eq(orders.id, orderId));
    const created = Math.floor(paidAt.getTime() / 1000);
    await deliver({
      id: `evt_${orderId}`,
      type: "payment_succeeded",
      order_id: orderId,
      subscription: `sub_${orderId}`,
      created,
      period_end: created + 30 * 86_400,
      amount: order?.amount,
      currency: "USD",
      plan_id: "1-month",
    });
    return orderId;
  };
  /** The processor reports a refund (its dashboard, a chargeback): access ends. */
  const refundedAtProcessor = (orderId: string, at: Date) =>
    deliver({
      id: `evt_${orderId}_refunded`,
      type: "refunded",
      order_id: orderId,
      subscription: `sub_${orderId}`,
      created: Math.floor(at.getTime() / 1000),
    });

  const invite = async (token: string) => {
    const answer = await call("GET", INVITE, { appType: "101", token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data as InviteAnswer;
  };
  const vipAt = async (userId: number) => {
    const rows = await database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    return rows;
  };
  const vip = async (token: string) =>
    (await call("GET", "/api/mms/account/v1/web/profile", { appType: "101", token })).body.data?.vip as Vip;
  const expiry = async (token: string) => Date.parse(String((await vip(token)).expire_at));

  /** A, who bought, and the code A shares. */
  const inviter = async (email = "ann@example.com") => {
    const a = await signup(email);
    expect((await invite(a.token)).code, "no code before a purchase").toBeNull();
    await buy(a.token, new Date());
    const answer = await invite(a.token);
    return { ...a, code: String(answer.code), answer };
  };

  it("gives a paying customer a stable link; B joins and buys through it; both rewards turn final after the window; a later refund takes them back", async () => {
    const a = await inviter();
    expect(a.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);
    expect(a.answer).toMatchObject({
      link: `https://vpn.example.com/?from=invite&invite_code=${a.code}&invite_type=friend`,
      short_link: `https://vpn.example.com/i/${a.code}`,
      reward: { months: 1, days: 0 },
      joined: 0,
      purchased: 0,
      rewards: [],
    });
    expect((await invite(a.token)).code, "stable").toBe(a.code);
    // The short link: a 302 to the home page with the invite's attribution.
    const short = await app.request(`/i/${a.code.toLowerCase()}`);
    expect(short.status).toBe(302);
    expect(short.headers.get("location")).toBe(`/?from=invite&invite_code=${a.code}&invite_type=friend`);
    expect((await app.request("/i/not-a-code")).headers.get("location")).toBe("/");
    const offer = await call("GET", "/api/mms/config/v1/invite_offer", { appType: "101" });
    expect(offer.body.data).toEqual({ months: 1, days: 0 });

    const b = await signup("bob@example.com", inviteOf(a.code));
    expect(await invite(a.token)).toMatchObject({ joined: 1, purchased: 0 });
    const paidAt = new Date();
    const orderId = await buy(b.token, paidAt, inviteOf(a.code));
    // The operator's delay: a week (A's and B's paid months still run when the rewards turn final).
    const S = { ...SETTINGS, delayDays: 7 };
    const aBefore = await expiry(a.token);
    const bBefore = await expiry(b.token);

    // The job records both rewards, pending until the refund window has passed.
    expect(await settleInviteRewards(database.db, S, new Date())).toMatchObject({ recorded: 1, granted: 0 });
    const due = paidAt.getTime() + 7 * DAY_MS;
    const pendingA = await invite(a.token);
    expect(pendingA).toMatchObject({ joined: 1, purchased: 1 });
    expect(pendingA.rewards).toEqual([expect.objectContaining({ role: "inviter", status: "pending", months: 1 })]);
    expect(Math.abs(Date.parse(pendingA.rewards[0]?.due_at ?? "") - due)).toBeLessThan(2_000);
    expect((await invite(b.token)).rewards).toEqual([expect.objectContaining({ role: "friend", status: "pending" })]);
    // Run again and by two "processes" at once just before the date: nothing more.
    const early = new Date(due - 60_000);
    const runs = await Promise.all([
      settleInviteRewards(database.db, S, early),
      settleInviteRewards(database.db, S, early),
    ]);
    expect(runs.map((run) => run.recorded + run.granted)).toEqual([0, 0]);
    expect(await expiry(a.token)).toBe(aBefore);

    // Past the window: granted once, however many processes run the job.
    const late = new Date(due + 60_000);
    const granted = await Promise.all([
      settleInviteRewards(database.db, S, late),
      settleInviteRewards(database.db, S, late),
    ]);
    expect(granted.reduce((sum, run) => sum + run.granted, 0)).toBe(2);
    expect((await invite(a.token)).rewards).toEqual([
      expect.objectContaining({ role: "inviter", status: "granted", granted_at: late.toISOString() }),
    ]);
    // A month on top of the period each has: it starts where the paid month ends.
    for (const [who, before] of [
      [a, aBefore],
      [b, bBefore],
    ] as const) {
      const rows = (await vipAt(who.userId)).filter((row) => row.provider === "invite");
      expect(rows).toHaveLength(1);
      expect(rows[0]?.startedAt?.getTime()).toBe(before);
      const end = rows[0]?.currentPeriodEnd?.getTime() ?? 0;
      expect(end - before).toBeGreaterThanOrEqual(28 * DAY_MS);
      expect(end - before).toBeLessThanOrEqual(31 * DAY_MS);
      expect(await expiry(who.token)).toBe(end);
    }

    // The operator's report counts the invite.
    const today = new Date().toISOString().slice(0, 10);
    const lateDay = late.toISOString().slice(0, 10);
    const report = async (from: string, to: string) =>
      (
        await call("GET", `/api/operator/v1/report?from=${from}&to=${to}`, {
          appType: null,
          headers: { authorization: `Bearer ${TOKEN}` },
        })
      ).body.data?.invites;
    expect(await report(today, today)).toEqual({ joined: 1, converted: 1, rewarded: 0 });
    expect(await report(lateDay, lateDay)).toEqual({ joined: 0, converted: 0, rewarded: 2 });

    // B's purchase refunded after the rewards were final: both rewards' time is taken back.
    await refundedAtProcessor(orderId, new Date(due + 2 * DAY_MS));
    const revokedAt = new Date(due + 2 * DAY_MS + 60_000);
    expect(await settleInviteRewards(database.db, S, revokedAt)).toMatchObject({ revoked: 2 });
    expect((await invite(a.token)).rewards).toEqual([expect.objectContaining({ status: "revoked" })]);
    const [taken] = (await vipAt(a.userId)).filter((row) => row.provider === "invite");
    expect(taken?.status).toBe("expired");
    expect(taken?.currentPeriodEnd?.getTime()).toBeLessThanOrEqual(revokedAt.getTime());
    expect(await settleInviteRewards(database.db, S, revokedAt)).toMatchObject({ revoked: 0 });
    expect(await expiry(a.token)).toBe(aBefore);

    // The code and the rewards go with A's export; deleting B's account takes B's reward row, A's stays.
    const file = await exportAccountData(database.db, { id: a.userId, email: "ann@example.com" }, {
      analytics: "",
      mails: "",
    } as never);
    expect(file.data.invite_codes).toEqual([expect.objectContaining({ code: a.code })]);
    expect(file.data.invite_rewards).toEqual([expect.objectContaining({ role: "inviter", status: "revoked" })]);
    const deleted = await deleteAccount(
      { db: database.db, processorFor: () => null, farewellMail: () => ({ subject: "bye", text: "bye", html: "" }) },
      { id: b.userId, email: "bob@example.com" } as never,
    );
    expect(deleted.ok).toBe(true);
    const left = await database.db.select().from(inviteRewards).where(eq(inviteRewards.orderId, orderId));
    expect(left.map((row) => [row.role, row.userId])).toEqual([["inviter", a.userId]]);
  });

  it("a refund before the rewards are final cancels both: nothing is ever granted", async () => {
    const a = await inviter();
    const b = await signup("bea@example.com", inviteOf(a.code));
    const orderId = await buy(b.token, new Date(), inviteOf(a.code));
    expect(await settleInviteRewards(database.db, SETTINGS, new Date())).toMatchObject({ recorded: 1 });
    const refund = await call("POST", "/api/mms/payment/v1/web/refund", {
      appType: "101",
      token: b.token,
      body: { order_id: orderId },
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    const later = new Date(Date.now() + 40 * DAY_MS);
    expect(await settleInviteRewards(database.db, SETTINGS, later)).toMatchObject({ cancelled: 2, granted: 0 });
    expect((await invite(a.token)).rewards).toEqual([expect.objectContaining({ status: "cancelled" })]);
    expect((await vipAt(a.userId)).filter((row) => row.provider === "invite")).toEqual([]);
  });

  it("a self-invite (the same address, written differently) and a second purchase grant nothing; the cap limits the inviter only", async () => {
    const a = await inviter("ann.lee@gmail.com");
    const self = await signup("AnnLee@GoogleMail.com", inviteOf(a.code));
    const selfOrder = await buy(self.token, new Date(), inviteOf(a.code));
    // A friend who had paid before buys again through the link.
    const returning = await signup("ret@example.com");
    await buy(returning.token, new Date(Date.now() - 60_000));
    const returningOrder = await buy(returning.token, new Date(), inviteOf(a.code));
    // Two new friends with a cap of one a year: the second friend still gets their month.
    const c = await signup("cat@example.com", inviteOf(a.code));
    await buy(c.token, new Date(), inviteOf(a.code));
    const d = await signup("dan@example.com", inviteOf(a.code));
    await buy(d.token, new Date(), inviteOf(a.code));

    const capped = { ...SETTINGS, capPerYear: 1 };
    expect(await settleInviteRewards(database.db, capped, new Date())).toMatchObject({ recorded: 2 });
    const refusal = async (orderId: string) =>
      (await database.db.select().from(inviteRewards).where(eq(inviteRewards.orderId, orderId))).map((row) => [
        row.role,
        row.status,
        row.refusal,
      ]);
    expect(await refusal(selfOrder)).toEqual([["friend", "refused", "self"]]);
    expect(await refusal(returningOrder)).toEqual([["friend", "refused", "not_first_purchase"]]);
    expect((await invite(self.token)).rewards).toEqual([]);

    const later = new Date(Date.now() + 31 * DAY_MS);
    expect(await settleInviteRewards(database.db, capped, later)).toMatchObject({ granted: 3 });
    expect((await invite(a.token)).rewards).toEqual([expect.objectContaining({ role: "inviter", status: "granted" })]);
    expect((await invite(c.token)).rewards).toEqual([expect.objectContaining({ status: "granted" })]);
    expect((await invite(d.token)).rewards).toEqual([expect.objectContaining({ status: "granted" })]);
    expect(await invite(a.token)).toMatchObject({ joined: 3, purchased: 4 });
  });

  it("the sandbox's test clock brings a sandbox order's pending rewards forward; the job then grants them", async () => {
    const a = await inviter();
    const b = await signup("bill@example.com", inviteOf(a.code));
    const orderId = await buy(b.token, new Date(), inviteOf(a.code));
    const advance = (id: string, days: string) =>
      app.request(`/sandbox/orders/${id}/advance-invite-clock?days=${days}`, { method: "POST" });
    // Nothing recorded yet: nothing to move.
    expect(await (await advance(orderId, "31")).json()).toEqual({ rewards: 0 });
    await settleInviteRewards(database.db, SETTINGS, new Date());
    expect((await advance(orderId, "0")).status).toBe(400);
    expect((await advance("ord_unknown", "31")).status).toBe(404);
    const moved = await advance(orderId, "31");
    expect(await moved.json()).toEqual({ rewards: 2 });
    expect(await settleInviteRewards(database.db, SETTINGS, new Date())).toMatchObject({ granted: 2 });
  });
});
