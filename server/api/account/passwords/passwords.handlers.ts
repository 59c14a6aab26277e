import type { RouteHandler } from "@hono/zod-openapi";
import type { Context } from "hono";
import { findAccountByEmail } from "../../../../core/auth/accounts";
import { changePassword as changeAccountPassword } from "../../../../core/auth/change-password";
import { mailVerificationCode } from "../../../../core/auth/mail-code";
import { isCommonPassword } from "../../../../core/auth/password-policy";
import { resetPassword as resetAccountPassword } from "../../../../core/auth/reset-password";
import { recordSecurityEvent } from "../../../../core/auth/security-events";
import { setFirstPassword } from "../../../../core/auth/set-first-password";
import { CODE_LIFETIME_MS, exchangeCodeForTicket, TICKET_LIFETIME_MS } from "../../../../core/auth/verification";
import { ipSubject } from "../../../../core/security/rate-limits";
import type { AppEnv } from "../../../context";
import { captchaOk } from "../../captcha-check";
import { errorReply, ok } from "../../envelope";
import type { AccountDeps } from "../account-deps";
import { userData } from "../user-data";
import type * as routes from "./passwords.routes";

type Handler<R extends keyof typeof routes> = RouteHandler<(typeof routes)[R], AppEnv>;

/** A password set, changed or reset: in the security log, with the notice to the account's address. */
async function logPasswordChange(deps: AccountDeps, c: Context<AppEnv>, userId: number) {
  const country = await deps.countryOf(c.get("clientAddress"));
  await recordSecurityEvent(
    deps.db,
    { userId, kind: "password_changed", appType: c.get("app").id, country },
    { onMailQueued: deps.onMailQueued },
  );
}

const commonPassword = (c: Context<AppEnv>, field: string) =>
  errorReply(c, "validation", { fields: { [field]: "password.common" } });

export const verificationRequest =
  (deps: AccountDeps): Handler<"verificationRequest"> =>
  async (c) => {
    const { email, purpose, recasign } = c.req.valid("json");
    const blocked = await deps.limited(c, "codeRequestPerIp", ipSubject(c.get("clientAddress")));
    if (blocked) return blocked;
    if (!(await captchaOk(deps.captcha, c, recasign))) return errorReply(c, "captchaFailed");
    const mailBlocked =
      (await deps.limited(c, "codeRequestPerEmailMinute", `${purpose}:${email}`)) ??
      (await deps.limited(c, "codeRequestPerEmailDay", email));
    if (mailBlocked) return mailBlocked;
    const account = await findAccountByEmail(deps.db, email);
    // Same answer whether or not the address has an account; only real accounts get mail.
    if (account) await mailVerificationCode(deps, { email, purpose, locale: account.locale });
    c.get("logger").info({ event: "code_request", purpose, known: Boolean(account) }, "authentication attempt");
    return c.json(ok({ sent: true as const, expires_in: CODE_LIFETIME_MS / 1000 }), 200);
  };

export const verificationValidate =
  (deps: AccountDeps): Handler<"verificationValidate"> =>
  async (c) => {
    const { email, purpose, code } = c.req.valid("json");
    const blocked = await deps.limited(c, "codeCheckPerIp", ipSubject(c.get("clientAddress")));
    if (blocked) return blocked;
    const exchanged = await exchangeCodeForTicket(deps.db, { email, purpose, code });
    if (!exchanged.ok) return errorReply(c, "codeInvalid");
    return c.json(ok({ ticket: exchanged.ticket, expires_in: TICKET_LIFETIME_MS / 1000 }), 200);
  };

export const setPassword =
  (deps: AccountDeps): Handler<"setPassword"> =>
  async (c) => {
    const { password, code, ticket } = c.req.valid("json");
    const current = c.get("session");
    const blocked = await deps.limited(c, "passwordChangePerAccount", String(current.user.id));
    if (blocked) return blocked;
    if (isCommonPassword(password)) return commonPassword(c, "password");
    const input = { userId: current.user.id, sessionId: current.id, password, code, ticket };
    const result = await setFirstPassword(deps.db, input);
    if (!result.ok) {
      if (result.reason === "no_account") return errorReply(c, "unknownToken");
      if (result.reason === "already_set") return errorReply(c, "passwordAlreadySet");
      if (result.reason === "email_required") return errorReply(c, "emailRequired");
      if (result.reason === "code_required") {
        return errorReply(c, "codeRequired", { fields: { code: "code.required" } });
      }
      return errorReply(c, "codeInvalid", { fields: { code: "api.40103" } });
    }
    c.get("logger").info({ event: "password_set", userId: result.account.id }, "authentication attempt");
    await logPasswordChange(deps, c, result.account.id);
    return c.json(ok(await userData(deps.db, result.account)), 200);
  };

export const changePassword =
  (deps: AccountDeps): Handler<"changePassword"> =>
  async (c) => {
    const body = c.req.valid("json");
    const current = c.get("session");
    const blocked = await deps.limited(c, "passwordChangePerAccount", String(current.user.id));
    if (blocked) return blocked;
    if (isCommonPassword(body.new_password)) return commonPassword(c, "new_password");
    const result = await changeAccountPassword(deps.db, {
      userId: current.user.id,
      sessionId: current.id,
      oldPassword: body.old_password,
      newPassword: body.new_password,
    });
    if (!result.ok) return errorReply(c, "oldPasswordWrong", { fields: { old_password: "password.wrong" } });
    c.get("logger").info({ event: "password_change", userId: result.account.id }, "authentication attempt");
    await logPasswordChange(deps, c, result.account.id);
    return c.json(ok(await userData(deps.db, result.account)), 200);
  };

export const resetPassword =
  (deps: AccountDeps): Handler<"resetPassword"> =>
  async (c) => {
    const body = c.req.valid("json");
    const blocked = await deps.limited(c, "codeCheckPerIp", ipSubject(c.get("clientAddress")));
    if (blocked) return blocked;
    if (isCommonPassword(body.password)) return commonPassword(c, "password");
    const result = await resetAccountPassword(deps.db, body);
    if (!result.ok) return errorReply(c, "codeInvalid");
    c.get("logger").info({ event: "password_reset", userId: result.userId }, "authentication attempt");
    await logPasswordChange(deps, c, result.userId);
    return c.json(ok({ reset: true as const }), 200);
  };
