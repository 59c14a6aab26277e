import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { hashPassword } from "../../core/auth/hash-password";
import { noCaptchaVerifier } from "../../core/captcha/remote-captcha";
import { deliverDueMail, type MailTransport } from "../../core/email/outbox";
import type { DatabaseHandle } from "../../db/client";
import { mailOutbox, users } from "../../db/schema";
import { type ApiResponse, apiClient, lastMailedCode } from "../helpers/api-client";
import { createTestApp } from "../helpers/test-app";
import { testDatabaseTargets } from "../helpers/test-databases";

const A = "/api/mms/account/v1/web";
const OWNER = "owner@example.com";
const OWNERS_PASSWORD = "Owners-Pass9!";
const ATTACKERS_PASSWORD = "Stolen-Pass7#";

/** Issue 15, points 6-8: what an attacker who knows an address can and cannot do, and that the owner gets in. */
describe.each(testDatabaseTargets())("accounts that cannot be taken over, on $name", (target) => {
  let database: DatabaseHandle;
  let call: ReturnType<typeof apiClient>;
  let failingCaptcha: ReturnType<typeof apiClient>;
  let addressCount = 0;
  /** Another client address (X-Forwarded-For through a trusted loopback proxy) per call: "others", many of them. */
  const elsewhere = () => ({ "x-forwarded-for": `203.0.113.${(addressCount++ % 250) + 1}` });

  beforeEach(async () => {
    database = await target.open();
    const env = { TRUST_PROXY: "loopback" };
    call = apiClient(createTestApp(database, { env, deps: { captcha: noCaptchaVerifier() } }));
    failingCaptcha = apiClient(
      createTestApp(database, { env, deps: { captcha: { ...noCaptchaVerifier(), verify: async () => false } } }),
    );
  });
  afterEach(async () => {
    vi.useRealTimers();
    await database.close();
  });

  const expectError = (response: ApiResponse, status: number, code: number) => {
    expect({ status: response.status, code: response.body.code }).toEqual({ status, code });
  };
  const requestCode = (email: string, purpose: string) =>
    call("POST", `${A}/verification/request`, { headers: elsewhere(), body: { email, purpose, recasign: "t" } });
  const logIn = (body: Record<string, string>, client = call) =>
    client("POST", `${A}/login`, { headers: elsewhere(), body: { recasign: "t", ...body } });

  /** The owner's account, address proved and password set through the set-password code. */
  async function ownersAccount() {
    const signup = await call("POST", `${A}/anonymous_signup`, { body: { email: OWNER, recasign: "t" } });
    await requestCode(OWNER, "set_password");
    const code = await lastMailedCode(database.db, OWNER);
    const set = await call("POST", `${A}/set_password`, {
      cookie: signup.cookie,
      body: { password: OWNERS_PASSWORD, code },
    });
    expect(set.body).toMatchObject({ code: 200, data: { is_password_set: true } });
    return { cookie: signup.cookie as string };
  }

  describe("pre-hijacking (point 6)", () => {
    it("an attacker who signs up with the owner's address cannot set a password without the e-mailed code", async () => {
      const signup = await call("POST", `${A}/anonymous_signup`, {
        appType: "101",
        body: { email: OWNER, recasign: "t" },
      });
      const token = String(signup.body.data?.token);
      const set = (body: Record<string, string>) =>
        call("POST", `${A}/set_password`, { appType: "101", token, body: { password: ATTACKERS_PASSWORD, ...body } });
      expectError(await set({}), 400, 40109);
      expectError(await set({ code: "123456" }), 400, 40103);
      // Asking for the code only mails it to the owner.
      await requestCode(OWNER, "set_password");
      const [mail] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, OWNER));
      expect(mail?.subject).toBe("Your Veilport code to set a password");
      expectError(await logIn({ email: OWNER, password: ATTACKERS_PASSWORD }), 400, 40101);
    });

    it("the owner's first code sign-in ends the attacker's session; the owner sees their account and sets a password", async () => {
      const attacker = await call("POST", `${A}/anonymous_signup`, {
        appType: "101",
        body: { email: OWNER, recasign: "t" },
      });
      const attackersToken = String(attacker.body.data?.token);
      expect((await call("GET", `${A}/profile`, { appType: "101", token: attackersToken })).body.code).toBe(200);

      // The owner comes to buy: the address has an account, so a sign-in code is mailed to it.
      expectError(await call("POST", `${A}/anonymous_signup`, { body: { email: OWNER, recasign: "t" } }), 409, 40108);
      const owner = await logIn({ email: OWNER, code: (await lastMailedCode(database.db, OWNER)) as string });
      expect(owner.status).toBe(200);

      expectError(await call("GET", `${A}/profile`, { appType: "101", token: attackersToken }), 401, 50012);
      const profile = await call("GET", `${A}/profile`, { cookie: owner.cookie });
      expect(profile.body.data).toMatchObject({ email: OWNER, is_password_set: false });
      // The address is proved now: the owner sets a password without another code.
      const set = await call("POST", `${A}/set_password`, {
        cookie: owner.cookie,
        body: { password: OWNERS_PASSWORD },
      });
      expect(set.body).toMatchObject({ code: 200, data: { is_password_set: true } });
      expect((await logIn({ email: OWNER, password: OWNERS_PASSWORD })).status).toBe(200);
      expectError(
        await call("POST", `${A}/set_password`, {
          appType: "101",
          token: attackersToken,
          body: { password: ATTACKERS_PASSWORD },
        }),
        401,
        50012,
      );
    });

    it("a buyer who proves the address with the set-password code keeps their session", async () => {
      const { cookie } = await ownersAccount();
      expect((await call("GET", `${A}/profile`, { cookie })).body.data).toMatchObject({ is_password_set: true });
    });

    it("a reset by the owner also ends the attacker's session", async () => {
      const attacker = await call("POST", `${A}/anonymous_signup`, {
        appType: "101",
        body: { email: OWNER, recasign: "t" },
      });
      await requestCode(OWNER, "reset_password");
      const code = (await lastMailedCode(database.db, OWNER)) as string;
      const reset = await call("POST", `${A}/reset_password`, {
        body: { email: OWNER, code, password: OWNERS_PASSWORD },
      });
      expect(reset.body.code).toBe(200);
      expectError(
        await call("GET", `${A}/profile`, { appType: "101", token: String(attacker.body.data?.token) }),
        401,
        50012,
      );
      expect((await logIn({ email: OWNER, password: OWNERS_PASSWORD })).status).toBe(200);
    });

    it("a password set before the address was proved (an account from before the fix) stops working at the owner's proof", async () => {
      const attacker = await call("POST", `${A}/anonymous_signup`, {
        appType: "101",
        body: { email: OWNER, recasign: "t" },
      });
      await database.db
        .update(users)
        .set({ passwordHash: await hashPassword(ATTACKERS_PASSWORD) })
        .where(eq(users.email, OWNER));
      await requestCode(OWNER, "login");
      const owner = await logIn({ email: OWNER, code: (await lastMailedCode(database.db, OWNER)) as string });
      expect(owner.body.data).toMatchObject({ is_password_set: false });
      expectError(await logIn({ email: OWNER, password: ATTACKERS_PASSWORD }), 400, 40101);
      expectError(
        await call("GET", `${A}/profile`, { appType: "101", token: String(attacker.body.data?.token) }),
        401,
        50012,
      );
    });
  });

  describe("lockouts hurt attackers, not owners (point 7)", () => {
    it("counts no attempt that failed the captcha", async () => {
      await ownersAccount();
      for (let i = 0; i < 150; i++) {
        expectError(await logIn({ email: OWNER, password: "Guess-pass1!" }, failingCaptcha), 400, 40102);
      }
      expect((await logIn({ email: OWNER, password: OWNERS_PASSWORD })).status).toBe(200);
    });

    it("after 105 failed passwords from others, slows passwords down but lets the owner in by code and reset", async () => {
      await ownersAccount();
      vi.useFakeTimers({ toFake: ["Date"] });
      let clock = Date.parse("2026-11-27T09:00:00Z");
      vi.setSystemTime(clock);
      let failures = 0;
      let longestWait = 0;
      while (failures < 105) {
        const answer = await logIn({ email: OWNER, password: `Guess-pass${failures}!` });
        if (answer.status === 429) {
          // A growing delay, never a block: wait what the answer says and try again.
          const wait = Number(answer.headers.get("retry-after"));
          longestWait = Math.max(longestWait, wait);
          clock += wait * 1000;
          vi.setSystemTime(clock);
          continue;
        }
        expectError(answer, 400, 40101);
        failures++;
      }
      expect(longestWait).toBeGreaterThan(0);
      // Never more than a quarter of an hour between two tries (LOGIN_FAILURE_DELAY.maxDelaySeconds).
      expect(longestWait).toBeLessThanOrEqual(15 * 60);

      // Right after the last failure a password waits, even the right one...
      expectError(await logIn({ email: OWNER, password: OWNERS_PASSWORD }), 429, 42900);
      // ...but an e-mailed code does not.
      expect((await requestCode(OWNER, "login")).status).toBe(200);
      const signedIn = await logIn({ email: OWNER, code: (await lastMailedCode(database.db, OWNER)) as string });
      expect(signedIn.status).toBe(200);
      expect((await call("GET", `${A}/profile`, { cookie: signedIn.cookie })).body.data).toMatchObject({
        email: OWNER,
      });

      // A reset forgets the failures: the new password works at once.
      expect((await requestCode(OWNER, "reset_password")).status).toBe(200);
      const reset = await call("POST", `${A}/reset_password`, {
        headers: elsewhere(),
        body: { email: OWNER, code: await lastMailedCode(database.db, OWNER), password: "Fresh-Start4$" },
      });
      expect(reset.body.code).toBe(200);
      expect((await logIn({ email: OWNER, password: "Fresh-Start4$" })).status).toBe(200);
    });

    it("slows an address without an account exactly like one with", async () => {
      await ownersAccount();
      // The clock stands still: the delays are measured from the last failure.
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(Date.parse("2026-11-27T09:00:00Z"));
      const answers = async (email: string) => {
        const seen: number[] = [];
        // Five free failures (LOGIN_FAILURE_DELAY.freeFailures), then two tries too soon.
        for (let i = 0; i < 7; i++) {
          seen.push((await logIn({ email, password: "Guess-pass1!" })).body.code);
        }
        return seen;
      };
      const known = await answers(OWNER);
      expect(known.at(-1)).toBe(42900);
      expect(await answers("ghost@example.com")).toEqual(known);
    });
  });

  describe("codes (point 8)", () => {
    it("answers every wrong code alike, with or without an account behind the address", async () => {
      await ownersAccount();
      await requestCode(OWNER, "reset_password");
      await requestCode("ghost@example.com", "reset_password");
      const wrong = String((Number(await lastMailedCode(database.db, OWNER)) + 1) % 1_000_000).padStart(6, "0");
      for (let i = 0; i < 7; i++) {
        for (const [path, purpose] of [
          ["verification/validate", "reset_password"],
          ["reset_password", undefined],
          ["login", undefined],
        ] as const) {
          const body = (email: string) =>
            path === "verification/validate"
              ? { email, purpose, code: wrong }
              : path === "reset_password"
                ? { email, code: wrong, password: "Fresh-Start4$" }
                : { email, code: wrong, recasign: "t" };
          const known = await call("POST", `${A}/${path}`, { headers: elsewhere(), body: body(OWNER) });
          const unknown = await call("POST", `${A}/${path}`, { headers: elsewhere(), body: body("ghost@example.com") });
          expect({ path, ...unknown.body }).toEqual({ path, ...known.body });
          expectError(known, 400, 40103);
        }
      }
    });

    it("needs the captcha to mail a code", async () => {
      await ownersAccount();
      const before = await database.db.select().from(mailOutbox);
      for (const path of [`${A}/verification/request`, "/ws/mm/reca/r3/account/v1/web/verification/request"]) {
        expectError(
          await failingCaptcha("POST", path, { body: { email: OWNER, purpose: "login", recasign: "forged" } }),
          400,
          40102,
        );
      }
      expect(await database.db.select().from(mailOutbox)).toHaveLength(before.length);
    });

    it("keeps no code in the outbox once the mail left by SMTP; the development outbox keeps what it shows", async () => {
      await ownersAccount();
      const sent: string[] = [];
      const smtp: MailTransport = async (message) => {
        sent.push(message.text);
      };
      await requestCode(OWNER, "login");
      const code = (await lastMailedCode(database.db, OWNER)) as string;
      expect(
        await deliverDueMail(database.db, smtp, { from: "site@vpn.example", redactDelivered: true }),
      ).toMatchObject({ sent: 3 });
      expect(sent.at(-1)).toContain(code);
      // Two code mails, and between them the security notice of the password set (no secret in it).
      const kept = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, OWNER));
      expect(kept).toHaveLength(3);
      for (const mail of kept) {
        expect(mail.sentAt).not.toBeNull();
        expect(mail.text).not.toMatch(/\b\d{6}\b/);
        expect(mail.html).not.toMatch(/>\s*\d{6}\s*</);
        expect(mail.redactedText).toBeNull();
      }
      expect(kept.filter((mail) => mail.text.includes("••••••"))).toHaveLength(2);

      // No SMTP outside production: /dev/outbox is the mailbox, so the code stays readable there.
      await requestCode(OWNER, "reset_password");
      const local = (await lastMailedCode(database.db, OWNER)) as string;
      await deliverDueMail(database.db, async () => {}, { from: "site@vpn.example", redactDelivered: false });
      expect(await lastMailedCode(database.db, OWNER)).toBe(local);
    });
  });
});
