import { desc, eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { enableTotp } from "../../core/auth/two-factor/enrol";
import { startTotpEnrolment, totpCodeAt } from "../../core/auth/two-factor/totp";
import { createProcessors } from "../../core/billing/providers/processors";
import { sandboxProcessor } from "../../core/billing/providers/sandbox";
import { SANDBOX_SIGNATURE_HEADER, signSandboxPayload } from "../../core/billing/providers/sandbox-signature";
import { noCaptchaVerifier } from "../../core/captcha/remote-captcha";
import { seedDemoData } from "../../core/demo/seed";
import type { DatabaseHandle } from "../../db/client";
import { mailOutbox, orders, staffAudit, staffInvitations, staffMembers, users } from "../../db/schema";
import { apiClient, lastMailedCode, signUpBuyer } from "../helpers/api-client";
import { createTestApp } from "../helpers/test-app";
import { testDatabaseTargets } from "../helpers/test-databases";

// The operator console's API (decision 051): the token makes the first owner, owners invite staff by
// e-mail, staff need a second factor, each role reaches only its rights (403 with 4025x), and every
// change leaves an audit row with who, what and the record before and after.
const TOKEN = "operator-token-for-tests-0123456789abcdef";
const C = "/api/mms/console/v1/web";
const SANDBOX_SECRET = "sandbox-test-secret";

describe.each(testDatabaseTargets())("operator console on $name", (target) => {
  let database: DatabaseHandle;
  let call: ReturnType<typeof apiClient>;
  let app: ReturnType<typeof createTestApp>;

  beforeEach(async () => {
    database = await target.open();
    await seedDemoData(database.db, { withDemoUser: false });
    const sandbox = sandboxProcessor(database.db, { secret: SANDBOX_SECRET, origin: "" });
    const payments = createProcessors({ mode: "sandbox", sandbox });
    app = createTestApp(database, {
      env: { OPERATOR_TOKEN: TOKEN, PUBLIC_ORIGIN: "https://vpn.example" },
      deps: { captcha: noCaptchaVerifier(), sandbox, payments },
    });
    call = apiClient(app);
  });
  afterEach(async () => database.close());

  const userIdOf = async (email: string) => {
    const [row] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return row?.id ?? 0;
  };
  const withTotp = async (email: string) => {
    const userId = await userIdOf(email);
    const secret = (await startTotpEnrolment(database.db, userId)) ?? "";
    expect((await enableTotp(database.db, userId, totpCodeAt(secret, new Date()))).ok).toBe(true);
  };
  const makeOwner = (email: string) =>
    call("POST", "/api/operator/v1/staff/owner", {
      appType: null,
      headers: { authorization: `Bearer ${TOKEN}` },
      body: { email },
    });
  /** A signed-up owner with an authenticator: their session token. */
  const owner = async (email = "owner@example.com") => {
    const token = await signUpBuyer(call, email);
    expect((await makeOwner(email)).status).toBe(200);
    await withTotp(email);
    return token;
  };
  const get = (token: string, path: string) => call("GET", `${C}${path}`, { appType: "101", token });
  const post = (token: string, path: string, body: unknown) =>
    call("POST", `${C}${path}`, { appType: "101", token, body });
  const invitationToken = async (email: string) => {
    const [mail] = await database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, email))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    return { mail, token: decodeURIComponent(/\/operator\?invite=([^\s"&]+)/.exec(mail?.text ?? "")?.[1] ?? "") };
  };
  /** Invited by the owner, accepted with the invited address: the member's session token. */
  const member = async (ownerToken: string, email: string, role: string) => {
    expect((await post(ownerToken, "/staff/invite", { email, role })).status).toBe(200);
    const session = await signUpBuyer(call, email);
    const accepted = await post(session, "/invitation/accept", { token: (await invitationToken(email)).token });
    expect(accepted.body.data).toEqual({ role });
    return session;
  };

  it("makes the first owner with the operator token only for an existing account, audited as the token", async () => {
    expect((await makeOwner("nobody@example.com")).body.code).toBe(40257);
    expect(
      (await call("POST", "/api/operator/v1/staff/owner", { appType: null, body: { email: "a@example.com" } })).status,
    ).toBe(401);
    const session = await signUpBuyer(call, "first@example.com");
    // Not staff yet: the console says so.
    expect((await get(session, "/me")).body.code).toBe(40250);
    const made = await makeOwner("First@Example.com");
    expect(made.body.data).toEqual({ user_id: await userIdOf("first@example.com"), was: null });
    const [row] = await database.db.select().from(staffAudit);
    expect(row).toMatchObject({
      actorKind: "token",
      actorUserId: null,
      action: "staff.owner",
      target: `user:${await userIdOf("first@example.com")}`,
      before: null,
      after: { role: "owner", email: "first@example.com" },
    });
  });

  it("requires a second factor: without one, /me says so and everything else answers 40252", async () => {
    const session = await signUpBuyer(call, "owner@example.com");
    await makeOwner("owner@example.com");
    const me = await get(session, "/me");
    expect(me.body.data).toMatchObject({ role: "owner", two_factor: false });
    const refused = await get(session, "/staff");
    expect([refused.status, refused.body.code]).toEqual([403, 40252]);
    await withTotp("owner@example.com");
    expect((await get(session, "/me")).body.data).toMatchObject({
      two_factor: true,
      rights: [
        "staff.manage",
        "audit.read",
        "orders.read",
        "orders.refund",
        "support.inbox",
        "reports.read",
        "customers.manage",
        "catalogue.manage",
        "promotions.manage",
      ],
    });
    expect((await get(session, "/staff")).body.data?.staff).toEqual([
      expect.objectContaining({ email: "owner@example.com", role: "owner", two_factor: true }),
    ]);
  });

  it("invites by e-mail: the link's token is kept only hashed, accepted once by the invited address alone", async () => {
    const ownerToken = await owner();
    const invited = await post(ownerToken, "/staff/invite", {
      email: " Help@Example.com ",
      role: "support",
      locale: "de",
    });
    expect(invited.status).toBe(200);
    const { mail, token } = await invitationToken("help@example.com");
    expect(token.length).toBeGreaterThan(30);
    expect(mail?.text).toContain("https://vpn.example/de/operator?invite=");
    // The outbox's copy after sending has no link.
    expect(mail?.redactedText).not.toContain(token);
    const [stored] = await database.db.select().from(staffInvitations);
    expect(stored?.tokenHash).not.toContain(token);
    expect(stored).toMatchObject({ email: "help@example.com", role: "support", acceptedAt: null });

    const stranger = await signUpBuyer(call, "stranger@example.com");
    expect((await post(stranger, "/invitation/accept", { token })).body.code).toBe(40254);
    expect((await post(stranger, "/invitation/accept", { token: "made-up" })).body.code).toBe(40253);
    const helper = await signUpBuyer(call, "help@example.com");
    expect((await post(helper, "/invitation/accept", { token })).body.data).toEqual({ role: "support" });
    expect((await post(helper, "/invitation/accept", { token })).body.code).toBe(40253);
    expect((await get(helper, "/me")).body.data).toMatchObject({
      role: "support",
      rights: ["orders.read", "orders.refund", "support.inbox", "customers.manage"],
    });

    const log = await get(ownerToken, "/audit");
    expect(
      ((log.body.data?.entries ?? []) as Array<{ action: string; actor: string }>).map((e) => [e.action, e.actor]),
    ).toEqual([
      ["staff.accept", "help@example.com"],
      ["staff.invite", "owner@example.com"],
      ["staff.owner", "token"],
    ]);
  });

  it("answers 403 with the role's missing right: marketing reads no orders, only owners manage staff", async () => {
    const ownerToken = await owner();
    const sessions: Record<string, string> = { owner: ownerToken };
    for (const role of ["support", "marketing", "finance"]) {
      sessions[role] = await member(ownerToken, `${role}@example.com`, role);
      await withTotp(`${role}@example.com`);
    }
    const table: Array<[string, string, number]> = [
      ["owner", "/staff", 200],
      ["owner", "/audit", 200],
      ["owner", "/orders?q=x", 200],
      ["support", "/staff", 40251],
      ["support", "/audit", 40251],
      ["support", "/orders?q=x", 200],
      ["finance", "/staff", 40251],
      ["finance", "/audit", 200],
      ["finance", "/orders?q=x", 200],
      ["marketing", "/staff", 40251],
      ["marketing", "/audit", 40251],
      ["marketing", "/orders?q=x", 40251],
    ];
    for (const [role, path, code] of table) {
      const answer = await get(sessions[role] ?? "", path);
      expect([role, path, answer.body.code, answer.status]).toEqual([role, path, code, code === 200 ? 200 : 403]);
    }
    const invite = await post(sessions.marketing ?? "", "/staff/invite", { email: "x@example.com", role: "owner" });
    expect([invite.status, invite.body.code]).toEqual([403, 40251]);
    expect(await database.db.select().from(staffInvitations)).toHaveLength(3);
  });

  it("changes roles and removes staff with before/after in the log, and never leaves the console without an owner", async () => {
    const ownerToken = await owner();
    const ownerId = await userIdOf("owner@example.com");
    expect((await post(ownerToken, "/staff/role", { user_id: ownerId, role: "support" })).body.code).toBe(40255);
    expect((await post(ownerToken, "/staff/remove", { user_id: ownerId })).body.code).toBe(40255);
    expect((await post(ownerToken, "/staff/remove", { user_id: 999_999 })).body.code).toBe(40256);

    const helper = await member(ownerToken, "help@example.com", "support");
    await withTotp("help@example.com");
    const helperId = await userIdOf("help@example.com");
    const changed = await post(ownerToken, "/staff/role", { user_id: helperId, role: "finance" });
    expect(changed.body.data?.staff).toEqual([
      expect.objectContaining({ user_id: ownerId, role: "owner" }),
      expect.objectContaining({ user_id: helperId, role: "finance" }),
    ]);
    // The next call already meets the new role.
    expect((await get(helper, "/audit")).status).toBe(200);
    expect((await post(ownerToken, "/staff/remove", { user_id: helperId })).status).toBe(200);
    expect((await get(helper, "/me")).body.code).toBe(40250);

    const roleChanges = await get(ownerToken, `/audit?action=staff.role&actor=${ownerId}`);
    expect(roleChanges.body.data?.entries).toEqual([
      expect.objectContaining({
        actor: "owner@example.com",
        actor_user_id: ownerId,
        target: `user:${helperId}`,
        before: { role: "support" },
        after: { role: "finance" },
      }),
    ]);
    const removal = await get(ownerToken, "/audit?action=staff.remove");
    expect(removal.body.data?.entries).toEqual([expect.objectContaining({ before: { role: "finance" }, after: null })]);
    const byToken = await get(ownerToken, "/audit?actor=token");
    expect(((byToken.body.data?.entries ?? []) as unknown[]).length).toBe(1);
    expect((await get(ownerToken, "/audit?actor=robert")).body.code).toBe(40000);
  });

  it("finds orders by the buyer's address, the order id or the processor's reference", async () => {
    const ownerToken = await owner();
    await signUpBuyer(call, "buyer@example.com");
    const buyerId = await userIdOf("buyer@example.com");
    await database.db.insert(orders).values({
      id: "ord_console_1",
      userId: buyerId,
      planId: "1-year",
      provider: "pd",
      processor: "sandbox",
      currency: "USD",
      amount: 5999,
      status: "paid",
      providerReference: "txn_ref_42",
    });
    for (const q of ["Buyer@Example.com", "ord_console_1", "txn_ref_42"]) {
      const found = await get(ownerToken, `/orders?q=${encodeURIComponent(q)}`);
      expect(found.body.data?.orders).toEqual([
        expect.objectContaining({ order_id: "ord_console_1", email: "buyer@example.com", reference: "txn_ref_42" }),
      ]);
    }
    expect((await get(ownerToken, "/orders?q=ord_console")).body.data?.orders).toEqual([]);
    // Rows are never edited after the fact: nothing in the log changed by reading.
    const [{ count } = { count: 0 }] = await database.db.select({ count: sql<number>`count(*)::int` }).from(staffAudit);
    expect(count).toBe(1);
  });

  it("keeps a deleted staff account's audit entries without the link to it, and drops its role", async () => {
    const ownerToken = await owner();
    const helper = await member(ownerToken, "help@example.com", "support");
    const helperId = await userIdOf("help@example.com");
    const A = "/api/mms/account/v1/web";
    expect((await call("POST", `${A}/delete_account/code`, { appType: "101", token: helper, body: {} })).status).toBe(
      200,
    );
    const code = await lastMailedCode(database.db, "help@example.com");
    const deleted = await call("POST", `${A}/delete_account`, { appType: "101", token: helper, body: { code } });
    expect(deleted.body.data).toEqual({ deleted: true });
    expect(await database.db.select().from(staffMembers).where(eq(staffMembers.userId, helperId))).toEqual([]);
    const accepted = await database.db.select().from(staffAudit).where(eq(staffAudit.action, "staff.accept"));
    expect(accepted).toEqual([
      expect.objectContaining({ actorKind: "staff", actorUserId: null, target: `user:${helperId}` }),
    ]);
    const log = await get(ownerToken, "/audit?action=staff.accept");
    expect(log.body.data?.entries).toEqual([expect.objectContaining({ actor: "user:deleted" })]);
  });

  /** A paid sandbox order of the two-year plan, paid `daysAgo` days ago (the sandbox's signed webhook). */
  const buy = async (token: string, daysAgo: number) => {
    const started = await call("POST", "/api/mms/payment/v1/providers/ps/purchase", {
      appType: "101",
      token,
      body: { plan_id: "2-years", currency: "USD", recasign: "t" },
    });
    const orderId = String((started.body.data?.value as { order_id?: string } | undefined)?.order_id);
    const [order] = await database.db.select().from(orders).where(eq(orders.id, orderId));
    const nowS = Math.floor(Date.now() / 1000);
    const paidAt = nowS - daysAgo * 86_400;
    const raw = JSON.stringify({
      id: `evt_${orderId}`,
      type: "payment_succeeded",
      order_id: orderId,
      subscription: `sub_${orderId}`,
      created: paidAt,
      period_end: paidAt + 730 * 86_400,
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

  it("refunds through the customer's own refund, past the customer's window, once, audited; marketing may not", async () => {
    const ownerToken = await owner();
    const helper = await member(ownerToken, "help@example.com", "support");
    await withTotp("help@example.com");
    const seller = await member(ownerToken, "ads@example.com", "marketing");
    await withTotp("ads@example.com");
    const buyer = await signUpBuyer(call, "buyer@example.com");
    // Paid 200 days ago: the customer's own money-back window is long over.
    const orderId = await buy(buyer, 200);
    expect(
      (
        await call("POST", "/api/mms/payment/v1/web/refund", {
          appType: "101",
          token: buyer,
          body: { order_id: orderId },
        })
      ).body.code,
    ).toBe(40130);

    const refused = await post(seller, "/orders/refund", { order_id: orderId });
    expect([refused.status, refused.body.code]).toEqual([403, 40251]);
    expect((await post(helper, "/orders/refund", { order_id: "no-such-order" })).body.code).toBe(40400);
    const refunded = await post(helper, "/orders/refund", { order_id: orderId });
    expect(refunded.body.data).toEqual({ outcome: "refunded" });
    const [order] = await database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.status).toBe("refunded");
    const profile = await call("GET", "/api/mms/account/v1/web/profile", { appType: "101", token: buyer });
    expect(profile.body.data?.vip).toMatchObject({ is_vip: false });
    const again = await post(helper, "/orders/refund", { order_id: orderId });
    expect([again.body.code, again.body.data]).toEqual([40130, { reason: "refunded" }]);

    const log = await get(ownerToken, "/audit?action=order.refund");
    expect(log.body.data?.entries).toEqual([
      expect.objectContaining({
        actor: "help@example.com",
        target: `order:${orderId}`,
        before: { status: "active" },
        after: { outcome: "refunded" },
      }),
    ]);
  });
});
