import { desc, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { noCaptchaVerifier } from "../../core/captcha/remote-captcha";
import type { DatabaseHandle } from "../../db/client";
import { mailOutbox, plans, sessions, subscriptions } from "../../db/schema";
import { type ApiResponse, apiClient, lastMailedCode } from "../helpers/api-client";
import { createTestApp } from "../helpers/test-app";
import { testDatabaseTargets } from "../helpers/test-databases";

const A = "/api/mms/account/v1/web";
const PASSWORD = "Sturdy-Pass9!";

describe.each(testDatabaseTargets())("account API on $name", (target) => {
  let database: DatabaseHandle;
  let call: ReturnType<typeof apiClient>;

  beforeEach(async () => {
    database = await target.open();
    call = apiClient(createTestApp(database, { deps: { captcha: noCaptchaVerifier() } }));
  });
  afterEach(async () => {
    await database.close();
  });

  /** A passwordless account through anonymous sign-up, then a password with the e-mailed code, as a native app. */
  async function appUser(email = "user@example.com"): Promise<{ token: string; id: number }> {
    const signup = await call("POST", `${A}/anonymous_signup`, { appType: "101", body: { email, recasign: "t" } });
    const token = String(signup.body.data?.token);
    await call("POST", `${A}/verification/request`, { body: { email, purpose: "set_password", recasign: "t" } });
    const code = await lastMailedCode(database.db, email);
    const set = await call("POST", `${A}/set_password`, { appType: "101", token, body: { password: PASSWORD, code } });
    expect(set.body.code).toBe(200);
    return { token, id: Number(signup.body.data?.user_id) };
  }

  const expectError = (response: ApiResponse, status: number, code: number) => {
    expect({ status: response.status, code: response.body.code }).toEqual({ status, code });
  };

  it("refuses calls without a known X-App-Type", async () => {
    expectError(await call("GET", `${A}/profile`, { appType: null }), 400, 40000);
    expectError(await call("GET", `${A}/profile`, { appType: "999" }), 400, 40000);
    expectError(await call("GET", `${A}/profile`, { appType: "abc" }), 400, 40000);
  });

  it("signs up a browser with an HttpOnly cookie and never a token in the body", async () => {
    const signup = await call("POST", `${A}/anonymous_signup`, { body: { email: "Buyer@example.com", recasign: "t" } });
    expect(signup.status).toBe(200);
    expect(signup.body.data).toMatchObject({
      email: "buyer@example.com",
      is_password_set: false,
      vip: { is_vip: false },
    });
    expect(signup.body.data).not.toHaveProperty("token");
    const setCookie = signup.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(signup.cookie).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const profile = await call("GET", `${A}/profile`, { cookie: signup.cookie });
    expect(profile.body).toMatchObject({ code: 200, data: { email: "buyer@example.com", is_password_set: false } });
    // Only the hash is stored.
    const rows = await database.db.select().from(sessions);
    expect(rows[0]?.tokenHash).not.toBe(signup.cookie);
  });

  it("takes an address typed as on a phone: spaces around it and capitals in the domain", async () => {
    const signup = await call("POST", `${A}/anonymous_signup`, {
      body: { email: " Grace@Example.COM ", recasign: "t" },
    });
    expect(signup.status).toBe(200);
    expect(signup.body.data).toMatchObject({ email: "grace@example.com" });
  });

  it("does not hand out an existing account: a sign-in code is mailed instead", async () => {
    await appUser("taken@example.com");
    const again = await call("POST", `${A}/anonymous_signup`, { body: { email: "taken@example.com", recasign: "t" } });
    expectError(again, 409, 40108);
    expect(again.cookie).toBeUndefined();
    const code = await lastMailedCode(database.db, "taken@example.com");
    expect(code).toMatch(/^\d{6}$/);
    const login = await call("POST", `${A}/login`, { body: { email: "taken@example.com", code, recasign: "t" } });
    expect(login.status).toBe(200);
    expect(login.cookie).toBeTruthy();
    // A used code does not work twice.
    expectError(
      await call("POST", `${A}/login`, { body: { email: "taken@example.com", code, recasign: "t" } }),
      400,
      40103,
    );
  });

  it("answers a wrong e-mail and a wrong password identically", async () => {
    await appUser("real@example.com");
    const wrongPassword = await call("POST", `${A}/login`, {
      body: { email: "real@example.com", password: "Nope-nope1!", recasign: "t" },
    });
    const wrongEmail = await call("POST", `${A}/login`, {
      body: { email: "ghost@example.com", password: "Nope-nope1!", recasign: "t" },
    });
    expect(wrongPassword.body).toEqual(wrongEmail.body);
    expectError(wrongPassword, 400, 40101);
  });

  it("requires the captcha token", async () => {
    const strict = apiClient(
      createTestApp(database, { deps: { captcha: { ...noCaptchaVerifier(), verify: async () => false } } }),
    );
    expectError(
      await strict("POST", `${A}/login`, { body: { email: "a@example.com", password: PASSWORD, recasign: "" } }),
      400,
      40102,
    );
    // The same call under the captcha prefixes of SPEC §7.
    expectError(
      await strict("POST", "/ws/mm/reca/r2/account/v1/web/login", {
        body: { email: "a@example.com", password: PASSWORD },
      }),
      400,
      40102,
    );
    expectError(
      await strict("POST", "/ws/mm/reca/r3/account/v1/web/anonymous_signup", { body: { email: "a@example.com" } }),
      400,
      40102,
    );
  });

  it("gives apps a bearer token; logout makes it a revoked one (50012)", async () => {
    await appUser("app@example.com");
    const login = await call("POST", "/ws/mm/reca/r2/account/v1/web/login", {
      appType: "101",
      body: { email: "app@example.com", password: PASSWORD, recasign: "t" },
    });
    const token = String(login.body.data?.token);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await call("GET", `${A}/profile`, { appType: "101", token })).body.code).toBe(200);
    expect((await call("POST", `${A}/logout`, { appType: "101", token })).body.code).toBe(200);
    expectError(await call("GET", `${A}/profile`, { appType: "101", token }), 401, 50012);
  });

  it("tells missing, unknown and expired sessions apart", async () => {
    expectError(await call("GET", `${A}/profile`), 401, 401);
    expectError(await call("GET", `${A}/profile`, { token: "x".repeat(43) }), 401, 50008);
    const { token } = await appUser("old@example.com");
    await database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) });
    expectError(await call("GET", `${A}/profile`, { appType: "101", token }), 401, 50014);
  });

  it("keeps an ended session's cookie until the visitor confirms, then logout clears it (SPEC §8)", async () => {
    const signup = await call("POST", `${A}/anonymous_signup`, { body: { email: "ended@example.com", recasign: "t" } });
    const cookie = signup.cookie as string;
    await database.db.update(sessions).set({ revokedAt: new Date() });
    // "Cancel, stay on this page": the answer leaves the cookie alone, so the next call asks again.
    const ended = await call("GET", `${A}/profile`, { cookie });
    expectError(ended, 401, 50012);
    expect(ended.headers.get("set-cookie")).toBeNull();
    expectError(await call("GET", `${A}/profile`, { cookie }), 401, 50012);
    // Confirming: logout clears the ended session's cookie.
    const logout = await call("POST", `${A}/logout`, { cookie });
    expect(logout.body.code).toBe(200);
    expect(logout.headers.get("set-cookie")).toMatch(/veilport_session=;.*Max-Age=0/);
    expectError(await call("POST", `${A}/logout`), 401, 401);
  });

  it("validates input with one message key per field", async () => {
    const bad = await call("POST", `${A}/login`, { body: { email: "Not An Email", recasign: "t" } });
    expectError(bad, 400, 40000);
    expect(bad.body.data).toEqual({ fields: { email: "email.invalid" } });
    const { token } = await appUser("rules@example.com");
    const weak = await call("POST", `${A}/change_password`, {
      appType: "101",
      token,
      body: { old_password: PASSWORD, new_password: "short" },
    });
    expect(weak.body.data).toEqual({ fields: { new_password: "password.length" } });
    const common = await call("POST", `${A}/change_password`, {
      appType: "101",
      token,
      body: { old_password: PASSWORD, new_password: "P@ssw0rd" },
    });
    expect(common.body.data).toEqual({ fields: { new_password: "password.common" } });
    expectError(
      await call("POST", `${A}/login`, { body: "{not json", headers: { "content-type": "application/json" } }),
      400,
      40000,
    );
  });

  it("resets a password by code: never says whether the e-mail exists, ends every session", async () => {
    const { token } = await appUser("forgot@example.com");
    const unknown = await call("POST", `${A}/verification/request`, {
      body: { email: "nobody@example.com", purpose: "reset_password", recasign: "t" },
    });
    const known = await call("POST", `${A}/verification/request`, {
      body: { email: "forgot@example.com", purpose: "reset_password", recasign: "t" },
    });
    expect(unknown.body).toEqual(known.body);
    expect(await lastMailedCode(database.db, "nobody@example.com")).toBeUndefined();
    const code = (await lastMailedCode(database.db, "forgot@example.com")) as string;

    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    expectError(
      await call("POST", `${A}/verification/validate`, {
        body: { email: "forgot@example.com", purpose: "reset_password", code: wrong },
      }),
      400,
      40103,
    );
    expectError(
      await call("POST", `${A}/verification/validate`, {
        body: { email: "forgot@example.com", purpose: "login", code },
      }),
      400,
      40103,
    );
    const validated = await call("POST", `${A}/verification/validate`, {
      body: { email: "forgot@example.com", purpose: "reset_password", code },
    });
    const ticket = String(validated.body.data?.ticket);

    const reset = await call("POST", `${A}/reset_password`, {
      body: { email: "forgot@example.com", ticket, password: "Brand-New7?" },
    });
    expect(reset.body).toMatchObject({ code: 200, data: { reset: true } });
    expectError(await call("GET", `${A}/profile`, { appType: "101", token }), 401, 50012);
    expectError(
      await call("POST", `${A}/reset_password`, {
        body: { email: "forgot@example.com", code, password: "Brand-New8?" },
      }),
      400,
      40103,
    );
    const login = await call("POST", `${A}/login`, {
      body: { email: "forgot@example.com", password: "Brand-New7?", recasign: "t" },
    });
    expect(login.status).toBe(200);
  });

  it("voids a code after five wrong tries, with the answer of any wrong code", async () => {
    await appUser("tries@example.com");
    await call("POST", `${A}/verification/request`, {
      body: { email: "tries@example.com", purpose: "reset_password", recasign: "t" },
    });
    const code = (await lastMailedCode(database.db, "tries@example.com")) as string;
    const wrong = String((Number(code) + 7) % 1_000_000).padStart(6, "0");
    for (let i = 0; i < 5; i++) {
      await call("POST", `${A}/verification/validate`, {
        body: { email: "tries@example.com", purpose: "reset_password", code: wrong },
      });
    }
    expectError(
      await call("POST", `${A}/reset_password`, {
        body: { email: "tries@example.com", code, password: "Brand-New7?" },
      }),
      400,
      40103,
    );
  });

  it("accepts the right code exactly once out of twenty concurrent submissions", async () => {
    await appUser("race@example.com");
    await call("POST", `${A}/verification/request`, {
      body: { email: "race@example.com", purpose: "reset_password", recasign: "t" },
    });
    const code = (await lastMailedCode(database.db, "race@example.com")) as string;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call("POST", `${A}/reset_password`, { body: { email: "race@example.com", code, password: `Racer-Pass${i}!` } }),
      ),
    );
    expect(results.filter((r) => r.body.code === 200)).toHaveLength(1);
  });

  it("limits code requests per address (1 a minute) with Retry-After", async () => {
    await appUser("limit@example.com");
    expect(
      (
        await call("POST", `${A}/verification/request`, {
          body: { email: "limit@example.com", purpose: "login", recasign: "t" },
        })
      ).status,
    ).toBe(200);
    const second = await call("POST", `${A}/verification/request`, {
      body: { email: "limit@example.com", purpose: "login", recasign: "t" },
    });
    expectError(second, 429, 42900);
    expect(Number(second.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("limits login attempts per client address", async () => {
    let last: ApiResponse | undefined;
    for (let i = 0; i < 31; i++) {
      last = await call("POST", `${A}/login`, {
        body: { email: `u${i}@example.com`, password: "Wrong-pass1!", recasign: "t" },
      });
    }
    expectError(last as ApiResponse, 429, 42900);
  });

  it("changes a password and ends the other sessions, not this one", async () => {
    const { token: first } = await appUser("change@example.com");
    const second = String(
      (
        await call("POST", `${A}/login`, {
          appType: "101",
          body: { email: "change@example.com", password: PASSWORD, recasign: "t" },
        })
      ).body.data?.token,
    );
    expectError(
      await call("POST", `${A}/change_password`, {
        appType: "101",
        token: second,
        body: { old_password: "Wrong-one1!", new_password: "Second-Pass2#" },
      }),
      400,
      40106,
    );
    const changed = await call("POST", `${A}/change_password`, {
      appType: "101",
      token: second,
      body: { old_password: PASSWORD, new_password: "Second-Pass2#" },
    });
    expect(changed.body.code).toBe(200);
    expect((await call("GET", `${A}/profile`, { appType: "101", token: second })).body.code).toBe(200);
    expectError(await call("GET", `${A}/profile`, { appType: "101", token: first }), 401, 50012);
    expectError(
      await call("POST", `${A}/set_password`, { appType: "101", token: second, body: { password: "Third-Pass3$" } }),
      409,
      40105,
    );
  });

  it("binds public IPs up to the plan's limit, removes each, and says why it refuses (decision 045)", async () => {
    const { token, id } = await appUser("ip@example.com");
    const opts = { appType: "101", token };
    const bind = (ip: string) => call("POST", `${A}/user_ip/bind`, { ...opts, body: { ip } });
    const query = async () => (await call("POST", `${A}/user_ip/query`, { ...opts, body: { _span: Date.now() } })).body;
    expectError(await bind("192.168.1.4"), 400, 40110);
    expectError(await bind("not-an-ip"), 400, 40110);
    expect((await bind("8.8.8.8")).body.code).toBe(200);
    // Without a plan one address: a second is refused with the limit, the first stays.
    const refused = await bind("2606:4700::1111");
    expectError(refused, 409, 40200);
    expect(refused.body.data).toEqual({ limit: 1 });
    expect((await query()).data).toMatchObject({ bound_ip: "8.8.8.8", limit: 1, current_ip: "127.0.0.1" });

    // A plan that allows three.
    await database.db.insert(plans).values({ id: "trio", months: 12, deviceLimit: 5, ipLimit: 3 });
    await database.db.insert(subscriptions).values({
      userId: id,
      planId: "trio",
      provider: "s1",
      processor: "sandbox",
      providerSubscriptionId: "sub_trio",
      status: "active",
      currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000),
    });
    expect((await bind("2606:4700::1111")).body.data).toMatchObject({ limit: 3, bound_ip: "2606:4700::1111" });
    expect((await bind("1.1.1.1")).body.code).toBe(200);
    expectError(await bind("9.9.9.9"), 409, 40200);
    const addresses = (data: Record<string, unknown> | null) =>
      ((data?.bound_ips ?? []) as Array<{ ip: string }>).map((entry) => entry.ip);
    expect(addresses((await query()).data)).toEqual(["8.8.8.8", "2606:4700::1111", "1.1.1.1"]);

    const removeOne = await call("POST", `${A}/user_ip/remove`, { ...opts, body: { ip: "2606:4700::1111" } });
    expect(addresses(removeOne.body.data)).toEqual(["8.8.8.8", "1.1.1.1"]);
    expectError(await call("POST", `${A}/user_ip/remove`, { ...opts, body: { ip: "2606:4700::1111" } }), 404, 40201);
    // SPEC §7's remove without a body removes every address.
    expect((await call("POST", `${A}/user_ip/remove`, opts)).body.data).toMatchObject({
      bound_ips: [],
      bound_ip: null,
    });
    expect((await call("POST", `${A}/user_ip/remove`, { ...opts, body: {} })).body.code).toBe(200);
  });

  it("lets apps bind devices up to the limit, lists and unbinds them", async () => {
    const { token, id } = await appUser("devices@example.com");
    for (let i = 0; i < 5; i++) {
      const bound = await call("POST", `${A}/device/bind`, {
        appType: i % 2 ? "512" : "1",
        token,
        body: { device_id: `d${i}`, device_name: `Phone ${i}` },
      });
      expect(bound.body.code).toBe(200);
    }
    expectError(
      await call("POST", `${A}/device/bind`, {
        appType: "101",
        token,
        body: { device_id: "d9", device_name: "One too many" },
      }),
      409,
      40107,
    );
    const list = await call("GET", `${A}/device/list`, { appType: "101", token });
    expect(list.body.data?.devices).toHaveLength(5);
    expect((list.body.data?.devices as Array<Record<string, unknown>> | undefined)?.[0]).toMatchObject({
      app_type: 1,
      app_name: "Master",
      platform: "iOS",
      user_id: id,
    });
    expectError(
      await call("POST", `${A}/device/unbind`, {
        appType: "101",
        token,
        body: { unbind_app_type: 1, unbind_user_id: id + 1 },
      }),
      404,
      40404,
    );
    expect(
      (
        await call("POST", `${A}/device/unbind`, {
          appType: "101",
          token,
          body: { unbind_app_type: 1, unbind_user_id: id },
        })
      ).body.data,
    ).toEqual({ removed: 3 });
  });

  it("refuses cross-site and non-JSON writes made with the session cookie", async () => {
    const signup = await call("POST", `${A}/anonymous_signup`, { body: { email: "csrf@example.com", recasign: "t" } });
    const cookie = signup.cookie as string;
    expectError(await call("POST", `${A}/logout`, { cookie, headers: { "sec-fetch-site": "cross-site" } }), 403, 40300);
    expectError(
      await call("POST", `${A}/logout`, { cookie, headers: { "sec-fetch-site": "", origin: "https://evil.example" } }),
      403,
      40300,
    );
    expectError(
      await call("POST", `${A}/user_ip/bind`, {
        cookie,
        body: "ip=8.8.8.8",
        headers: { "content-type": "text/plain" },
      }),
      415,
      41500,
    );
    expect((await call("POST", `${A}/logout`, { cookie })).body.code).toBe(200);
  });

  it("counts only the session cookie as a credential when a write names no origin", async () => {
    const signup = await call("POST", `${A}/anonymous_signup`, { body: { email: "csrf2@example.com", recasign: "t" } });
    const noOrigin = { "sec-fetch-site": "" };
    expectError(await call("POST", `${A}/logout`, { cookie: signup.cookie as string, headers: noOrigin }), 403, 40300);
    // A client without origin headers that carries only the language and consent cookies is no cross-site risk.
    const geo = await call("POST", "/api/mms/account/v1/geo_info", {
      headers: { ...noOrigin, cookie: "locale=de; cookie_consent=v1.a0.m0" },
    });
    expect(geo.status).toBe(200);
  });

  it("lists no subscriptions before a purchase, and answers geo_info with the caller's address", async () => {
    const { token } = await appUser("subs@example.com");
    const mine = (query: string) =>
      call("GET", `/api/mms/payment/v1/web/subscription_my${query}`, { appType: "101", token });
    expect((await mine("")).body.data).toEqual({ subscriptions: [], total: 0, page: 1, page_size: 20 });
    expect((await mine("?status=active,past_due&page=2&page_size=5")).body.data).toEqual({
      subscriptions: [],
      total: 0,
      page: 2,
      page_size: 5,
    });
    // SPEC §7's query parameters are checked like any input: an unknown state or a page out of range is refused.
    for (const query of ["?status=refunded", "?page=0", "?page_size=101", "?page=two"]) {
      expectError(await mine(query), 400, 40000);
    }
    expect((await call("POST", "/api/mms/account/v1/geo_info")).body.data).toEqual({
      user_ip: "127.0.0.1",
      country: "",
      country_code: "",
    });
  });

  it("stores mail before sending it", async () => {
    await appUser("mail@example.com");
    await call("POST", `${A}/verification/request`, {
      body: { email: "mail@example.com", purpose: "login", recasign: "t" },
    });
    const [mail] = await database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, "mail@example.com"))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    expect(mail).toMatchObject({ subject: "Your Veilport sign-in code", sentAt: null });
    expect(mail?.html).not.toMatch(/<img|https?:\/\//);
  });
});
