import type { RouteHandler } from "@hono/zod-openapi";
import { isAccountsNumber } from "../../../../core/auth/account-numbers";
import { findAccountById } from "../../../../core/auth/accounts";
import { mailVerificationCode } from "../../../../core/auth/mail-code";
import { CODE_LIFETIME_MS } from "../../../../core/auth/verification";
import { accountDeletedMail, exportNotes } from "../../../../core/email/account-deleted-mail";
import { deleteAccount as deleteAccountData, reauthenticate } from "../../../../core/privacy/delete-account";
import { exportAccountData } from "../../../../core/privacy/export-account";
import type { AppEnv } from "../../../context";
import { clearSessionCookie } from "../../../middleware/session";
import { errorReply, ok } from "../../envelope";
import type { AccountDeps } from "../account-deps";
import type * as routes from "./privacy.routes";

type Handler<R extends keyof typeof routes> = RouteHandler<(typeof routes)[R], AppEnv>;

export const dataExport =
  (deps: AccountDeps): Handler<"dataExport"> =>
  async (c) => {
    const account = await findAccountById(deps.db, c.get("session").user.id);
    if (!account) return errorReply(c, "unknownToken");
    const now = new Date();
    const file = await exportAccountData(deps.db, account, exportNotes(account.locale), now);
    c.header("Content-Disposition", `attachment; filename="account-data-${now.toISOString().slice(0, 10)}.json"`);
    c.header("Cache-Control", "no-store");
    return c.json(file, 200);
  };

export const deletionCode =
  (deps: AccountDeps): Handler<"deletionCode"> =>
  async (c) => {
    const account = await findAccountById(deps.db, c.get("session").user.id);
    if (!account) return errorReply(c, "unknownToken");
    // An account-number account confirms with its number instead (decision 042).
    if (account.email === null) return errorReply(c, "emailRequired");
    const blocked = await deps.limited(c, "codeRequestPerEmailMinute", `delete_account:${account.email}`);
    if (blocked) return blocked;
    await mailVerificationCode(deps, { email: account.email, purpose: "delete_account", locale: account.locale });
    return c.json(ok({ sent: true as const, expires_in: CODE_LIFETIME_MS / 1000 }), 200);
  };

export const deleteAccount =
  (deps: AccountDeps): Handler<"deleteAccount"> =>
  async (c) => {
    const body = c.req.valid("json");
    const current = c.get("session");
    const blocked = await deps.limited(c, "accountDeletionPerAccount", String(current.user.id));
    if (blocked) return blocked;
    const account = await findAccountById(deps.db, current.user.id);
    if (!account) return errorReply(c, "unknownToken");
    if (body.account_number !== undefined) {
      const secret = deps.accountNumbers?.secret;
      if (!secret || !isAccountsNumber(secret, account, body.account_number)) {
        return errorReply(c, "accountNumberWrong", { fields: { account_number: "api.40171" } });
      }
    }
    const proof = body.password !== undefined ? { password: body.password } : { code: body.code ?? "" };
    const checked = body.account_number !== undefined ? "ok" : await reauthenticate(deps.db, account, proof);
    if (checked === "wrong_password") {
      return errorReply(c, "oldPasswordWrong", { fields: { password: "password.wrong" } });
    }
    if (checked === "wrong_code") return errorReply(c, "codeInvalid");
    const result = await deleteAccountData(
      {
        db: deps.db,
        processorFor: (name) => deps.payments.byName(name),
        farewellMail: (deleted) => accountDeletedMail({ locale: deleted.locale, email: deleted.email }),
        onMailQueued: deps.onMailQueued,
      },
      account,
    );
    if (!result.ok) {
      // Nothing was erased: a renewal still on would charge a card for an account that is gone.
      c.get("logger").error({ err: result.error, reason: result.reason }, "account deletion stopped at the processor");
      return errorReply(
        c,
        "processorRefused",
        null,
        "a payment provider did not turn renewal off; nothing was deleted",
      );
    }
    c.get("logger").info(
      { event: "account_deleted", userId: account.id, renewalsCancelled: result.renewalsCancelled },
      "account deleted",
    );
    if (current.via === "cookie") clearSessionCookie(c, deps.https);
    return c.json(ok({ deleted: true as const }), 200);
  };
