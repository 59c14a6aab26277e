import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { totpCodeAt } from "../../core/auth/two-factor/totp";
import { noCaptchaVerifier } from "../../core/captcha/remote-captcha";
import type { DatabaseHandle } from "../../db/client";
import { passkeys, sessions, users } from "../../db/schema";
import { type ApiResponse, apiClient, lastMailedCode } from "../helpers/api-client";
import { createTestApp } from "../helpers/test-app";
import { testDatabaseTargets } from "../helpers/test-databases";

const A = "/api/mms/account/v1/web";
const PASSWORD = "Sturdy-Pass9!";
const EMAIL = "owner@example.com";
const ORIGIN = { origin: "http://localhost:3000" };
const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000);

describe.each(testDatabaseTargets())("two-factor API on $name", (target) => {
  let database: DatabaseHandle;
  let call: ReturnType<typeof apiClient>;

  beforeEach(async () => {
    database = await target.open();
    call = apiClient(
      createTestApp(database, {
        deps: { captcha: noCaptchaVerifier() },
        env: { PUBLIC_ORIGIN: "http://localhost:3000" },
      }),
    );
  });
  afterEach(async () => database.close());

  const expectError = (response: ApiResponse, status: number, code: number) => {
    expect({ status: response.status, code: response.body.code }).toEqual({ status, code });
  };
  const login = () =>
    call("POST", `${A}/login`, {
      body: { email: EMAIL, password: PASSWORD, recasign: "t" },
      headers: { origin: "http://localhost:3000" },
    });
  const post = (path: string, cookie: string, body: unknown = {}) =>
    call("POST", `${A}${path}`, { cookie, body, headers: { origin: "http://localhost:3000" } });

  /** A browser account with a password, signed in: its session cookie. */
  async function signedIn(): Promise<string> {
    const signup = await call("POST", `${A}/anonymous_signup`, {
      body: { email: EMAIL, recasign: "t" },
      headers: { origin: "http://localhost:3000" },
    });
    const cookie = signup.cookie!;
    await call("POST", `${A}/verification/request`, {
      body: { email: EMAIL, purpose: "set_password", recasign: "t" },
      headers: { origin: "http://localhost:3000" },
    });
    const code = await lastMailedCode(database.db, EMAIL);
    expect((await post("/set_password", cookie, { password: PASSWORD, code })).body.code).toBe(200);
    return cookie;
  }

  /** Turns the authenticator on: its secret and the ten recovery codes. */
  async function withAuthenticator(cookie: string) {
    const started = await post("/two_factor/totp/start", cookie);
    expect(started.status).toBe(200);
    const secret = String(started.body.data?.secret);
    expect(String(started.body.data?.uri)).toContain(`secret=${secret}`);
    const enabled = await post("/two_factor/totp/enable", cookie, { code: totpCodeAt(secret, new Date()) });
    expect(enabled.status).toBe(200);
    const codes = enabled.body.data?.recovery_codes as string[];
    expect(codes).toHaveLength(10);
    return { secret, codes };
  }

  it("asks a password sign-in for the authenticator's code and starts the session only after it", async () => {
    const cookie = await signedIn();
    const { secret } = await withAuthenticator(cookie);
    const status = await call("GET", `${A}/two_factor`, { cookie });
    expect(status.body.data).toMatchObject({ enabled: true, totp: true, recovery_codes_left: 10, passkeys: [] });

    const first = await login();
    expectError(first, 400, 40160);
    expect(first.cookie).toBeUndefined();
    expect(first.body.data?.methods).toEqual(["totp", "recovery_code"]);
    const pending = String(first.body.data?.pending_token);

    const wrong = await post("/login/second_factor", "", { pending_token: pending, code: "000000" });
    expectError(wrong, 400, 40161);
    // The code that turned the authenticator on was its step's one use; the next step's code works.
    const right = await post("/login/second_factor", "", {
      pending_token: pending,
      code: totpCodeAt(secret, inSeconds(30)),
    });
    expect(right.status).toBe(200);
    expect(right.cookie).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(right.body.data).toMatchObject({ email: EMAIL });
    // The pending token was taken with the session.
    expectError(await post("/login/second_factor", "", { pending_token: pending, code: "123456" }), 400, 40162);
  });

  it("takes each recovery code once, and a pending sign-in dies after five wrong tries", async () => {
    const cookie = await signedIn();
    const { codes } = await withAuthenticator(cookie);
    const pending = String((await login()).body.data?.pending_token);
    const used = await post("/login/second_factor", "", {
      pending_token: pending,
      recovery_code: codes[3]!.toUpperCase(),
    });
    expect(used.status).toBe(200);

    const again = String((await login()).body.data?.pending_token);
    expectError(await post("/login/second_factor", "", { pending_token: again, recovery_code: codes[3] }), 400, 40161);
    for (let i = 0; i < 4; i++) {
      expectError(
        await post("/login/second_factor", "", { pending_token: again, recovery_code: "aaaaa-aaaaa" }),
        400,
        40161,
      );
    }
    // Five failures: even a right code no longer finishes this sign-in.
    expectError(await post("/login/second_factor", "", { pending_token: again, recovery_code: codes[4] }), 400, 40162);
    const status = await call("GET", `${A}/two_factor`, { cookie });
    expect(status.body.data?.recovery_codes_left).toBe(9);
  });

  it("asks the e-mailed-code sign-in for the second factor too", async () => {
    const cookie = await signedIn();
    await withAuthenticator(cookie);
    await call("POST", `${A}/verification/request`, {
      body: { email: EMAIL, purpose: "login", recasign: "t" },
      headers: { origin: "http://localhost:3000" },
    });
    const code = await lastMailedCode(database.db, EMAIL);
    const answer = await call("POST", `${A}/login`, {
      body: { email: EMAIL, code, recasign: "t" },
      headers: { origin: "http://localhost:3000" },
    });
    expectError(answer, 400, 40160);
    expect(answer.cookie).toBeUndefined();
  });

  it("refuses changes without a recent sign-in until the password is confirmed again", async () => {
    const cookie = await signedIn();
    await withAuthenticator(cookie);
    const [user] = await database.db.select().from(users).where(eq(users.email, EMAIL));
    await database.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 60 * 60 * 1000) })
      .where(eq(sessions.userId, user!.id));
    expect((await call("GET", `${A}/two_factor`, { cookie })).body.data?.recent_sign_in).toBe(false);
    expectError(await post("/two_factor/off", cookie), 400, 40163);
    expectError(await post("/two_factor/recovery_codes", cookie), 400, 40163);
    expectError(await post("/two_factor/confirm", cookie, { password: "not it at all" }), 400, 40101);
    expect((await post("/two_factor/confirm", cookie, { password: PASSWORD })).status).toBe(200);
    const fresh = await post("/two_factor/recovery_codes", cookie);
    expect(fresh.body.data?.recovery_codes).toHaveLength(10);
    expect((await post("/two_factor/off", cookie)).status).toBe(200);
    // Off: the password alone signs in again.
    expect((await login()).status).toBe(200);
  });

  it("counts only wrong second factors against the account's limit", async () => {
    const cookie = await signedIn();
    await withAuthenticator(cookie);
    for (let round = 0; round < 2; round++) {
      const pending = String((await login()).body.data?.pending_token);
      for (let i = 0; i < 5; i++) {
        expectError(await post("/login/second_factor", "", { pending_token: pending, code: "000000" }), 400, 40161);
      }
    }
    const pending = String((await login()).body.data?.pending_token);
    const limited = await post("/login/second_factor", "", { pending_token: pending, code: "000000" });
    expectError(limited, 429, 42900);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("offers passkeys only with a public origin whose host is a name", async () => {
    const bare = apiClient(createTestApp(database, { deps: { captcha: noCaptchaVerifier() } }));
    expectError(await bare("POST", `${A}/passkey/options`, { body: {} }), 400, 40165);
    const options = await call("POST", `${A}/passkey/options`, {
      body: {},
      headers: { origin: "http://localhost:3000" },
    });
    expect(options.body.data?.options).toMatchObject({ rpId: "localhost", allowCredentials: [] });
    expectError(
      await call("POST", `${A}/passkey/options`, {
        body: { pending_token: "made-up" },
        headers: { origin: "http://localhost:3000" },
      }),
      400,
      40162,
    );
  });

  it("lists each passkey's name and lets only its owner rename it", async () => {
    const signUp = (email: string) =>
      call("POST", `${A}/anonymous_signup`, { body: { email, recasign: "t" }, headers: ORIGIN });
    const owner = await signUp("owner@example.com");
    const other = await signUp("other@example.com");
    const ownerId = Number(owner.body.data?.user_id);
    // A row as registration stores it (the WebAuthn ceremony itself is covered by the two-factor tests).
    const [key] = await database.db
      .insert(passkeys)
      .values([
        { userId: ownerId, credentialId: "cred-1", publicKey: "pk", name: "Chrome · Android" },
        { userId: ownerId, credentialId: "cred-2", publicKey: "pk" },
      ])
      .returning({ id: passkeys.id });
    const listed = async () =>
      ((await call("GET", `${A}/two_factor`, { cookie: owner.cookie! })).body.data?.passkeys as Array<{
        name: string | null;
      }>) ?? [];
    expect((await listed()).map((row) => row.name)).toEqual(["Chrome · Android", null]);

    const rename = (cookie: string, body: unknown) =>
      call("POST", `${A}/two_factor/passkeys/rename`, { cookie, body, headers: ORIGIN });
    expect((await rename(owner.cookie!, { id: key?.id, name: "  Work   YubiKey  " })).status).toBe(200);
    expect((await listed())[0]?.name).toBe("Work YubiKey");
    expect((await rename(owner.cookie!, { id: key?.id, name: "   " })).body.code).toBe(40000);
    expect((await rename(owner.cookie!, { id: key?.id, name: "x".repeat(61) })).body.code).toBe(40000);
    // Someone else's passkey is not found.
    expect((await rename(other.cookie!, { id: key?.id, name: "mine" })).status).toBe(404);
    expect((await listed())[0]?.name).toBe("Work YubiKey");
  });
});
