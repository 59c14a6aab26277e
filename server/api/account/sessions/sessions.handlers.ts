import type { RouteHandler } from "@hono/zod-openapi";
import type { Context } from "hono";
import { isDisabled } from "../../../../core/auth/account-disable";
import { createPasswordlessAccount, findAccountByEmail, findAccountById } from "../../../../core/auth/accounts";
import { mailVerificationCode } from "../../../../core/auth/mail-code";
import { recordSecurityEvent } from "../../../../core/auth/security-events";
import { resolveSession, revokeSession } from "../../../../core/auth/sessions";
import { signIn } from "../../../../core/auth/sign-in";
import { secondStepOwed } from "../../../../core/auth/two-factor/second-step";
import { ipSubject } from "../../../../core/security/rate-limits";
import { requestAttribution } from "../../../attribution";
import type { AppEnv } from "../../../context";
import { clearSessionCookie, sessionToken } from "../../../middleware/session";
import { captchaOk } from "../../captcha-check";
import { errorReply, ok } from "../../envelope";
import { tooSoon } from "../../rate-limited";
import type { AccountDeps } from "../account-deps";
import { localeFromReferer } from "../referer-locale";
import { startSession } from "../start-session";
import { userData } from "../user-data";
import type * as routes from "./sessions.routes";

/**
 * A sign-up (or voucher redemption) for an address that has an account: never hand out its session;
 * its owner gets a sign-in code and proves it with that.
 */
export async function existingAccountReply(
  deps: AccountDeps,
  c: Context<AppEnv>,
  email: string,
  pageLocale: string,
  event: "signup" | "voucher_signup",
) {
  const mailBlocked =
    (await deps.limited(c, "codeRequestPerEmailMinute", `login:${email}`)) ??
    (await deps.limited(c, "codeRequestPerEmailDay", email));
  if (!mailBlocked) {
    const existing = await findAccountByEmail(deps.db, email);
    const locale = existing?.locale ?? pageLocale;
    await mailVerificationCode(deps, { email, purpose: "login", locale });
  }
  c.get("logger").info({ event, outcome: "existing_account" }, "authentication attempt");
  return errorReply(c, "accountExists", { next: "login_code" });
}

type Handler<R extends keyof typeof routes> = RouteHandler<(typeof routes)[R], AppEnv>;

export const login =
  (deps: AccountDeps): Handler<"login"> =>
  async (c) => {
    const body = c.req.valid("json");
    const blocked = await deps.limited(c, "loginPerIp", ipSubject(c.get("clientAddress")));
    if (blocked) return blocked;
    // The captcha comes first: only attempts that passed it reach the account's failure count.
    if (!(await captchaOk(deps.captcha, c, body.recasign))) return errorReply(c, "captchaFailed");
    const result = await signIn(deps.db, { email: body.email, password: body.password, code: body.code });
    const method = body.code !== undefined ? "code" : "password";
    if (!result.ok) {
      c.get("logger").info(
        { event: "login", outcome: result.reason, method, ip: c.get("clientAddress") },
        "authentication attempt",
      );
      if (result.reason === "wait") return tooSoon(c, result.retryAfterSeconds);
      // The owner's log counts failed attempts on their account; an address without one logs nothing.
      const target = await findAccountByEmail(deps.db, body.email);
      if (target) {
        const country = await deps.countryOf(c.get("clientAddress"));
        await recordSecurityEvent(deps.db, {
          userId: target.id,
          kind: "sign_in_failed",
          appType: c.get("app").id,
          country,
        });
      }
      return errorReply(c, result.reason === "wrong_code" ? "codeInvalid" : "wrongCredentials");
    }
    // A disabled account is told so now, not after its second step (decision 058).
    if (isDisabled(result.account)) return startSession(deps, c, result.account);
    // With two-factor sign-in on, the session waits for the second step (two-factor.handlers.ts).
    const owed = await secondStepOwed(deps.db, { userId: result.account.id, method });
    c.get("logger").info(
      {
        event: "login",
        outcome: owed ? "second_factor_owed" : "success",
        method,
        userId: result.account.id,
        app: c.get("app").id,
      },
      "authentication attempt",
    );
    if (owed) return errorReply(c, "secondFactorRequired", { pending_token: owed.pendingToken, methods: owed.methods });
    return startSession(deps, c, result.account);
  };

export const anonymousSignup =
  (deps: AccountDeps): Handler<"anonymousSignup"> =>
  async (c) => {
    const body = c.req.valid("json");
    const blocked = await deps.limited(c, "signupPerIp", ipSubject(c.get("clientAddress")));
    if (blocked) return blocked;
    if (!(await captchaOk(deps.captcha, c, body.recasign))) return errorReply(c, "captchaFailed");
    const pageLocale = localeFromReferer(c.req.header("referer")) ?? "en";
    const attribution = requestAttribution(c, body.attribution);
    const account = await createPasswordlessAccount(deps.db, body.email, pageLocale, attribution);
    if (!account) return existingAccountReply(deps, c, body.email, pageLocale, "signup");
    c.get("logger").info({ event: "signup", outcome: "created", userId: account.id }, "authentication attempt");
    return startSession(deps, c, account);
  };

export const logout =
  (deps: AccountDeps): Handler<"logout"> =>
  async (c) => {
    // Also for a session that has already ended (SPEC §8: confirming "logged out" clears it here).
    const found = sessionToken(c, deps.https);
    if (!found) return errorReply(c, "missingCredentials");
    const session = await resolveSession(deps.db, found.token);
    if (session.status === "valid") await revokeSession(deps.db, session.sessionId, "logout");
    if (found.via === "cookie") clearSessionCookie(c, deps.https);
    return c.json(ok(null), 200);
  };

export const profile =
  (deps: AccountDeps): Handler<"profile"> =>
  async (c) => {
    const account = await findAccountById(deps.db, c.get("session").user.id);
    if (!account) return errorReply(c, "unknownToken");
    return c.json(ok({ ...(await userData(deps.db, account)), created_at: account.createdAt.toISOString() }), 200);
  };
