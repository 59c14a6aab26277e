import type { RouteHandler } from "@hono/zod-openapi";
import { findAccountById } from "../../../../core/auth/accounts";
import { confirmEmailChange, requestEmailChange, undoEmailChange } from "../../../../core/auth/email-change";
import { CODE_LIFETIME_MS } from "../../../../core/auth/verification";
import { ipSubject } from "../../../../core/security/rate-limits";
import { isLocale, localizePath } from "../../../../universal/i18n/locales";
import { EMAIL_UNDO_PATH } from "../../../../universal/routing/email-undo-path";
import type { AppEnv } from "../../../context";
import { errorReply, ok } from "../../envelope";
import type { AccountDeps } from "../account-deps";
import { userData } from "../user-data";
import type * as routes from "./email-change.routes";

type Handler<R extends keyof typeof routes> = RouteHandler<(typeof routes)[R], AppEnv>;

export const emailChangeRequest =
  (deps: AccountDeps): Handler<"emailChangeRequest"> =>
  async (c) => {
    const { new_email: newEmail } = c.req.valid("json");
    const userId = c.get("session").user.id;
    // The code-mail limits of every other code (per address and purpose, per address a day).
    const blocked =
      (await deps.limited(c, "emailChangePerAccount", String(userId))) ??
      (await deps.limited(c, "codeRequestPerEmailMinute", `change_email:${newEmail}`)) ??
      (await deps.limited(c, "codeRequestPerEmailDay", newEmail));
    if (blocked) return blocked;
    const result = await requestEmailChange(deps, { userId, newEmail });
    if (!result.ok) {
      if (result.reason === "no_account") return errorReply(c, "unknownToken");
      if (result.reason === "taken") return errorReply(c, "emailInUse", { fields: { new_email: "api.40150" } });
      return errorReply(c, "validation", { fields: { new_email: "email.same" } });
    }
    c.get("logger").info({ event: "email_change_request", userId }, "account change");
    return c.json(ok({ sent: true as const, expires_in: CODE_LIFETIME_MS / 1000 }), 200);
  };

export const emailChangeConfirm =
  (deps: AccountDeps): Handler<"emailChangeConfirm"> =>
  async (c) => {
    const { new_email: newEmail, code } = c.req.valid("json");
    const userId = c.get("session").user.id;
    const blocked =
      (await deps.limited(c, "codeCheckPerIp", ipSubject(c.get("clientAddress")))) ??
      (await deps.limited(c, "emailChangePerAccount", String(userId)));
    if (blocked) return blocked;
    const account = await findAccountById(deps.db, userId);
    if (!account) return errorReply(c, "unknownToken");
    const locale = isLocale(account.locale) ? account.locale : "en";
    const origin = deps.siteOrigin(c.req.url);
    const result = await confirmEmailChange(deps, {
      userId,
      newEmail,
      code,
      undoUrl: (token) => `${origin}${localizePath(EMAIL_UNDO_PATH, locale)}#${token}`,
      country: await deps.countryOf(c.get("clientAddress")),
      appType: c.get("app").id,
    });
    if (!result.ok) {
      if (result.reason === "no_account") return errorReply(c, "unknownToken");
      if (result.reason === "taken") return errorReply(c, "emailInUse", { fields: { new_email: "api.40150" } });
      return errorReply(c, "codeInvalid", { fields: { code: "api.40103" } });
    }
    c.get("logger").info({ event: "email_change", userId }, "account change");
    const updated = await findAccountById(deps.db, userId);
    return c.json(ok(await userData(deps.db, updated ?? account)), 200);
  };

export const emailChangeUndo =
  (deps: AccountDeps): Handler<"emailChangeUndo"> =>
  async (c) => {
    const { token } = c.req.valid("json");
    const blocked = await deps.limited(c, "codeCheckPerIp", ipSubject(c.get("clientAddress")));
    if (blocked) return blocked;
    const country = await deps.countryOf(c.get("clientAddress"));
    const result = await undoEmailChange(deps, { token, country });
    if (!result.ok) return errorReply(c, "undoLinkInvalid", { reason: result.reason });
    c.get("logger").info({ event: "email_change_undone" }, "account change");
    return c.json(ok({ email: result.email }), 200);
  };
