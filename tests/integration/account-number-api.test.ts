import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { accountNumberHash } from "../../core/auth/account-numbers";
import { totpCodeAt } from "../../core/auth/two-factor/totp";
import { sandboxProcessor } from "../../core/billing/providers/sandbox";
import { noCaptchaVerifier } from "../../core/captcha/remote-captcha";
import { seedDemoData } from "../../core/demo/seed";
import type { DatabaseHandle } from "../../db/client";
import { mailOutbox, users } from "../../db/schema";
import { formatAccountNumber } from "../../universal/account/account-number";
import { type ApiResponse, apiClient, lastMailedCode } from "../helpers/api-client";
import { createTestApp } from "../helpers/test-app";
import { testDatabaseTargets } from "../helpers/test-databases";

const A = "/api/mms/account/v1/web";
const P = "/api/mms/payment/v1/providers";
const SECRET = "account-number-test-secret-0123456789";
const ON = { ACCOUNT_NUMBERS: "on", ACCOUNT_NUMBER_SECRET: SECRET, PUBLIC_ORIGIN: "http://localhost:3000" };
const origin = { origin: "http://localhost:3000" };

describe.each(testDatabaseTargets())("account numbers on $name", (target) => {
  let database: DatabaseHandle;
  let app: ReturnType<typeof createTestApp>;
  let call: ReturnType<typeof apiClient>;

  beforeEach(async () => {
    database = await target.open();
    await seedDemoData(database.db, { withDemoUser: false });
    const sandbox = sandboxProcessor(database.db, { secret: "sandbox-secret", origin: "" });
    app = createTestApp(database, { deps: { captcha: noCaptchaVerifier(), sandbox }, env: ON });
    call = apiClient(app);
  });
  afterEach(async () => database.close());

  const expectError = (response: ApiResponse, status: number, code: number) => {
    expect({ status: response.status, code: response.body.code }).toEqual({ status, code });
  };
  const create = () => call("POST", `${A}/account_number`, { body: { recasign: "t" }, headers: origin });
  const signIn = (number: string) =>
    call("POST", `${A}/account_number/login`, { body: { account_number: number, recasign: "t" }, headers: origin });
  const post = (path: string, cookie: string, body: unknown = {}) =>
    call("POST", `${A}${path}`, { cookie, body, headers: origin });

  it("answers 40170 to both calls with the setting off, and stores nothing", async () => {
    const off = apiClient(
      createTestApp(database, {
        deps: { captcha: noCaptchaVerifier() },
        env: { PUBLIC_ORIGIN: "http://localhost:3000" },
      }),
    );
    expectError(await off("POST", `${A}/account_number`, { body: { recasign: "t" }, headers: origin }), 404, 40170);
    const login = await off("POST", `${A}/account_number/login`, {
      body: { account_number: "1234 5678 1234 5678", recasign: "t" },
      headers: origin,
    });
    expectError(login, 404, 40170);
    expect(await database.db.select().from(users)).toEqual([]);
  });

  it("creates an account without an e-mail address, stores only the number's HMAC, and signs in with it", async () => {
    const created = await create();
    expect(created.status).toBe(200);
    const number = String(created.body.data?.account_number);
    expect(number).toMatch(/^\d{16}$/);
    expect(created.body.data).toMatchObject({ email: null, has_account_number: true, is_password_set: false });
    expect(created.cookie).toBeDefined();

    const [row] = await database.db.select().from(users);
    expect(row?.email).toBeNull();
    expect(row?.accountNumberHash).toBe(accountNumberHash(SECRET, number));
    expect(JSON.stringify(row)).not.toContain(number);

    // Typed grouped, or in Arabic-Indic digits, it is the same number.
    const again = await signIn(formatAccountNumber(number));
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ user_id: row?.id, email: null, has_account_number: true });
    expect(again.body.data?.account_number).toBeUndefined();
    const arabic = [...number].map((digit) => String.fromCharCode(0x0660 + Number(digit))).join("");
    expect((await signIn(arabic)).status).toBe(200);
    const profile = await call("GET", `${A}/profile`, { cookie: again.cookie! });
    expect(profile.body.data).toMatchObject({ email: null, has_account_number: true });

    // A session on a number account: no mail is queued for it (it has no address).
    expect(await database.db.select().from(mailOutbox)).toEqual([]);
    // The second number is another account's.
    const second = await create();
    expect(second.body.data?.account_number).not.toBe(number);
    expect(second.body.data?.user_id).not.toBe(row?.id);
  });

  it("refuses a wrong number, counts only wrong numbers, and holds the address back after ten", async () => {
    const number = String((await create()).body.data?.account_number);
    const wrong = number.startsWith("0") ? `1${number.slice(1)}` : `0${number.slice(1)}`;
    expectError(await signIn("1234"), 400, 40000);
    for (let i = 0; i < 9; i++) expectError(await signIn(wrong), 400, 40171);
    // The owner's right number is not a failure: it neither counts nor is held up.
    for (let i = 0; i < 3; i++) expect((await signIn(number)).status).toBe(200);
    expectError(await signIn(wrong), 400, 40171);
    const held = await signIn(number);
    expectError(held, 429, 42900);
    expect(Number(held.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("asks for the second factor when two-factor sign-in is on", async () => {
    const created = await create();
    const number = String(created.body.data?.account_number);
    const cookie = created.cookie!;
    const started = await post("/two_factor/totp/start", cookie);
    expect(started.status).toBe(200);
    const secret = String(started.body.data?.secret);
    expect((await post("/two_factor/totp/enable", cookie, { code: totpCodeAt(secret, new Date()) })).status).toBe(200);

    const first = await signIn(number);
    expectError(first, 400, 40160);
    expect(first.cookie).toBeUndefined();
    const finished = await call("POST", `${A}/login/second_factor`, {
      body: {
        pending_token: first.body.data?.pending_token,
        code: totpCodeAt(secret, new Date(Date.now() + 30_000)),
      },
      headers: origin,
    });
    expect(finished.status).toBe(200);
    expect(finished.body.data).toMatchObject({ has_account_number: true });
  });

  it("buys a plan through the sandbox with no e-mail address, and no receipt mail is queued", async () => {
    const created = await call("POST", `${A}/account_number`, { appType: "101", body: { recasign: "t" } });
    const token = String(created.body.data?.token);
    const started = await call("POST", `${P}/ps/purchase`, {
      appType: "101",
      token,
      body: { plan_id: "1-year", currency: "USD", recasign: "t", client_info: { front_id: "f1" } },
    });
    expect(started.body).toMatchObject({ code: 200 });
    const order = started.body.data?.value as { order_id: string; web_url: string };
    const pay = await app.request(order.web_url, {
      method: "POST",
      body: new URLSearchParams({ card: "4242 4242 4242 4242" }),
    });
    expect(pay.status).toBe(303);
    const result = await call("POST", `${P}/ps/purchase_result`, {
      appType: "101",
      token,
      body: { order_id: order.order_id },
    });
    expect(result.body.data?.value).toMatchObject({ status: "active", success: true });
    const profile = await call("GET", `${A}/profile`, { appType: "101", token });
    expect(profile.body.data).toMatchObject({ email: null, vip: { is_vip: true } });
    expect(await database.db.select().from(mailOutbox)).toEqual([]);
  });

  it("becomes an ordinary account when an e-mail address is added: the number stops signing in", async () => {
    const created = await create();
    const number = String(created.body.data?.account_number);
    const cookie = created.cookie!;
    expectError(await post("/set_password", cookie, { password: "Sturdy-Pass9!" }), 409, 40172);
    expect((await post("/change_email/request", cookie, { new_email: "found@example.com" })).status).toBe(200);
    const code = await lastMailedCode(database.db, "found@example.com");
    const confirmed = await post("/change_email/confirm", cookie, { new_email: "found@example.com", code });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data).toMatchObject({
      email: "found@example.com",
      has_account_number: false,
      is_email_verified: true,
    });
    const [row] = await database.db.select().from(users).where(eq(users.email, "found@example.com"));
    expect(row?.accountNumberHash).toBeNull();
    expectError(await signIn(number), 400, 40171);
  });

  it("deletes an account-number account confirmed with its own number", async () => {
    const created = await create();
    const number = String(created.body.data?.account_number);
    const cookie = created.cookie!;
    // The export has the account without its number or the number's HMAC.
    const exported = await call("GET", `${A}/data_export`, { cookie });
    expect(exported.status).toBe(200);
    const file = JSON.stringify(exported.body);
    expect(file).not.toContain(number);
    expect(file).not.toContain(accountNumberHash(SECRET, number));
    expectError(await post("/delete_account/code", cookie), 409, 40172);
    expectError(await post("/delete_account", cookie, { account_number: "0000 0000 0000 0000" }), 400, 40171);
    expect((await post("/delete_account", cookie, { account_number: formatAccountNumber(number) })).status).toBe(200);
    expect(await database.db.select().from(users)).toEqual([]);
    expect(await database.db.select().from(mailOutbox)).toEqual([]);
  });
});
