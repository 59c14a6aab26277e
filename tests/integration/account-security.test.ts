import { desc, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { deleteExpiredSecurityEvents, recordSecurityEvent } from "../../core/auth/security-events";
import { createSession, SESSION_LIST_LIMIT } from "../../core/auth/sessions";
import { noCaptchaVerifier } from "../../core/captcha/remote-captcha";
import type { DatabaseHandle } from "../../db/client";
import { mailOutbox, securityEvents, users } from "../../db/schema";
import { type ApiResponse, apiClient, lastMailedCode } from "../helpers/api-client";
import { createTestApp } from "../helpers/test-app";
import { testDatabaseTargets } from "../helpers/test-databases";

const A = "/api/mms/account/v1/web";
const OWNER = "owner@example.com";
const NEW_ADDRESS = "new.owner@example.com";
const PASSWORD = "Owners-Pass9!";
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";

/** Issue 20, parts 2-4: the session list, the security log and the e-mail change, through the API. */
describe.each(testDatabaseTargets())("sessions, security log and e-mail change on $name", (target) => {
  let database: DatabaseHandle;
  let call: ReturnType<typeof apiClient>;

  beforeEach(async () => {
    database = await target.open();
    call = apiClient(createTestApp(database, { deps: { captcha: noCaptchaVerifier() } }));
  });
  afterEach(async () => {
    await database.close();
  });

  const expectError = (response: ApiResponse, status: number, code: number) => {
    expect({ status: response.status, code: response.body.code }).toEqual({ status, code });
  };
  const mailsTo = (to: string) =>
    database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.id));

  /** An account with a proved address and a password; its first (website) session's cookie. */
  async function account() {
    const signup = await call("POST", `${A}/anonymous_signup`, {
      headers: { "user-agent": FIREFOX },
      body: { email: OWNER, recasign: "t" },
    });
    await call("POST", `${A}/verification/request`, { body: { email: OWNER, purpose: "set_password", recasign: "t" } });
    const code = await lastMailedCode(database.db, OWNER);
    await call("POST", `${A}/set_password`, { cookie: signup.cookie, body: { password: PASSWORD, code } });
    return signup.cookie as string;
  }
  const appLogin = async () => {
    const login = await call("POST", `${A}/login`, {
      appType: "104",
      body: { email: OWNER, password: PASSWORD, recasign: "t" },
    });
    return String(login.body.data?.token);
  };

  it("lists the website's and the apps' sessions, and an ended one's next request answers 50012", async () => {
    const cookie = await account();
    const token = await appLogin();
    const list = await call("GET", `${A}/sessions`, { cookie });
    expect(list.body.code).toBe(200);
    const sessions = list.body.data?.sessions as Array<Record<string, unknown>>;
    expect(sessions).toHaveLength(2);
    expect(sessions[0]).toMatchObject({ current: true, client: "browser", browser: "Firefox", os: "Linux" });
    expect(sessions[1]).toMatchObject({ current: false, client: "app", app_name: "Turbo", platform: "Android" });

    expect((await call("POST", `${A}/sessions/end`, { cookie, body: { id: sessions[1]?.id } })).body.code).toBe(200);
    expectError(await call("GET", `${A}/profile`, { appType: "104", token }), 401, 50012);
    // Ended once is ended: the same id again, or another account's, is not found.
    expectError(await call("POST", `${A}/sessions/end`, { cookie, body: { id: sessions[1]?.id } }), 404, 40405);
    expect((((await call("GET", `${A}/sessions`, { cookie })).body.data?.sessions ?? []) as unknown[]).length).toBe(1);
  });

  it("ends every other session and keeps this one", async () => {
    const cookie = await account();
    const tokens = [await appLogin(), await appLogin()];
    const ended = await call("POST", `${A}/sessions/end_others`, { cookie, body: {} });
    expect(ended.body).toMatchObject({ code: 200, data: { ended: 2 } });
    for (const token of tokens) expectError(await call("GET", `${A}/profile`, { appType: "104", token }), 401, 50012);
    expect((await call("GET", `${A}/profile`, { cookie })).body.code).toBe(200);
  });

  it("lists the most recently active sessions, this one always, and says how many more there are", async () => {
    // This browser signed in first; then 24 app sign-ins over the next minutes.
    const cookie = await account();
    const [owner] = await database.db.select().from(users).where(eq(users.email, OWNER));
    const started = Date.now();
    for (let minute = 1; minute <= 24; minute++) {
      await createSession(database.db, {
        userId: owner?.id as number,
        appType: 104,
        now: new Date(started + minute * 60_000),
      });
    }
    const list = await call("GET", `${A}/sessions`, { cookie });
    const sessions = list.body.data?.sessions as Array<{ current: boolean; created_at: string }>;
    expect(list.body.data?.total).toBe(25);
    expect(sessions).toHaveLength(SESSION_LIST_LIMIT);
    // Oldest first: this browser, then the 19 latest app sessions (the five oldest ones are left out).
    expect(sessions[0]?.current).toBe(true);
    expect(sessions[1]?.created_at).toBe(new Date(started + 6 * 60_000).toISOString());
    expect(sessions.at(-1)?.created_at).toBe(new Date(started + 24 * 60_000).toISOString());
    // Ending the others ends the unlisted ones too.
    expect((await call("POST", `${A}/sessions/end_others`, { cookie, body: {} })).body.data).toEqual({ ended: 24 });
    const after = await call("GET", `${A}/sessions`, { cookie });
    expect(after.body.data).toMatchObject({ total: 1, sessions: [{ current: true }] });
  });

  it("logs sign-ins, failed attempts and the password set, and mails the change", async () => {
    const cookie = await account();
    await appLogin();
    await call("POST", `${A}/login`, { body: { email: OWNER, password: "Wrong-Pass1!", recasign: "t" } });
    const log = await call("GET", `${A}/security_log`, { cookie });
    expect(log.body.data).toMatchObject({ days: 90, sign_ins: { succeeded: 2, failed: 1 } });
    const kinds = ((log.body.data?.events ?? []) as Array<{ kind: string }>).map((event) => event.kind);
    expect(kinds).toEqual(["sign_in_failed", "sign_in", "password_changed", "sign_in"]);
    const [notice] = (await mailsTo(OWNER)).filter((mail) => mail.subject === "Your Veilport password was changed");
    expect(notice?.text).toContain("The password of your Veilport account owner@example.com was changed.");
  });

  it("keeps 90 days: older events are neither shown nor kept after the sweep", async () => {
    const cookie = await account();
    const [owner] = await database.db.select().from(users).where(eq(users.email, OWNER));
    const userId = owner?.id as number;
    const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);
    await recordSecurityEvent(database.db, { userId, kind: "sign_in", now: daysAgo(91) });
    await recordSecurityEvent(database.db, { userId, kind: "sign_in", now: daysAgo(89) });
    const log = await call("GET", `${A}/security_log`, { cookie });
    // The signup's sign-in, the 89-day-old one; the 91-day-old one is past the window.
    expect(log.body.data?.sign_ins).toEqual({ succeeded: 2, failed: 0 });
    expect(await deleteExpiredSecurityEvents(database.db)).toBe(1);
    expect(await deleteExpiredSecurityEvents(database.db)).toBe(0);
    expect(await database.db.select().from(securityEvents).where(eq(securityEvents.userId, userId))).toHaveLength(3);
  });

  it("changes the e-mail with the code sent to the new address, tells the old one, and the undo link restores it", async () => {
    const cookie = await account();
    const token = await appLogin();
    expectError(await call("POST", `${A}/change_email/request`, { cookie, body: { new_email: OWNER } }), 400, 40000);
    const request = await call("POST", `${A}/change_email/request`, { cookie, body: { new_email: NEW_ADDRESS } });
    expect(request.body).toMatchObject({ code: 200, data: { sent: true } });
    const [codeMail] = await mailsTo(NEW_ADDRESS);
    expect(codeMail?.subject).toBe("Your Veilport code to confirm your new e-mail address");
    const code = (await lastMailedCode(database.db, NEW_ADDRESS)) as string;
    const wrong = code === "000000" ? "111111" : "000000";
    expectError(
      await call("POST", `${A}/change_email/confirm`, { cookie, body: { new_email: NEW_ADDRESS, code: wrong } }),
      400,
      40103,
    );
    const confirm = await call("POST", `${A}/change_email/confirm`, { cookie, body: { new_email: NEW_ADDRESS, code } });
    expect(confirm.body).toMatchObject({ code: 200, data: { email: NEW_ADDRESS, is_email_verified: true } });

    const [announcement] = await mailsTo(OWNER);
    expect(announcement?.subject).toBe("The e-mail address of your Veilport account was changed");
    expect(announcement?.text).toContain(`from ${OWNER} to ${NEW_ADDRESS}`);
    const link = /https?:\/\/\S+\/myaccount\/email-undo#(\S+)/.exec(announcement?.text ?? "");
    expect(link).not.toBeNull();
    const kinds = (
      ((await call("GET", `${A}/security_log`, { cookie })).body.data?.events ?? []) as Array<{ kind: string }>
    ).map((event) => event.kind);
    expect(kinds[0]).toBe("email_changed");

    // The undo: no session needed; the address comes back and every session ends.
    expectError(await call("POST", `${A}/change_email/undo`, { body: { token: "not-a-token" } }), 400, 40151);
    const undo = await call("POST", `${A}/change_email/undo`, { body: { token: link?.[1] } });
    expect(undo.body).toMatchObject({ code: 200, data: { email: OWNER } });
    expectError(await call("GET", `${A}/profile`, { cookie }), 401, 50012);
    expectError(await call("GET", `${A}/profile`, { appType: "104", token }), 401, 50012);
    const again = await call("POST", `${A}/change_email/undo`, { body: { token: link?.[1] } });
    expect(again.body).toMatchObject({ code: 40151, data: { reason: "used" } });
    const [restoredNotice] = await mailsTo(OWNER);
    expect(restoredNotice?.subject).toBe("Your Veilport e-mail address was restored");
    const relogin = await call("POST", `${A}/login`, { body: { email: OWNER, password: PASSWORD, recasign: "t" } });
    expect(relogin.body.code).toBe(200);
  });

  it("refuses an address that another account uses", async () => {
    const cookie = await account();
    await call("POST", `${A}/anonymous_signup`, { body: { email: NEW_ADDRESS, recasign: "t" } });
    const taken = await call("POST", `${A}/change_email/request`, { cookie, body: { new_email: NEW_ADDRESS } });
    expectError(taken, 409, 40150);
  });
});
