import type { RouteHandler } from "@hono/zod-openapi";
import { isDisabled } from "../../../../core/auth/account-disable";
import { accountOfNumber, openNumberAccount } from "../../../../core/auth/account-numbers";
import { secondStepOwed } from "../../../../core/auth/two-factor/second-step";
import { failureLimitReached, hitRateLimit, ipSubject } from "../../../../core/security/rate-limits";
import { parseAccountNumber } from "../../../../universal/account/account-number";
import { requestAttribution } from "../../../attribution";
import type { AppEnv } from "../../../context";
import { captchaOk } from "../../captcha-check";
import { errorReply } from "../../envelope";
import { tooSoon } from "../../rate-limited";
import type { AccountDeps } from "../account-deps";
import { localeFromReferer } from "../referer-locale";
import { startSession } from "../start-session";
import type * as routes from "./account-number.routes";

type Handler<R extends keyof typeof routes> = RouteHandler<(typeof routes)[R], AppEnv>;

export const createAccountNumber =
  (deps: AccountDeps): Handler<"createAccountNumber"> =>
  async (c) => {
    if (!deps.accountNumbers) return errorReply(c, "accountNumbersOff");
    const body = c.req.valid("json");
    const blocked = await deps.limited(c, "signupPerIp", ipSubject(c.get("clientAddress")));
    if (blocked) return blocked;
    if (!(await captchaOk(deps.captcha, c, body.recasign))) return errorReply(c, "captchaFailed");
    const { account, number } = await openNumberAccount(
      { db: deps.db, secret: deps.accountNumbers.secret },
      {
        locale: localeFromReferer(c.req.header("referer")) ?? "en",
        attribution: requestAttribution(c, body.attribution),
      },
    );
    // The number is a credential: it is never logged.
    c.get("logger").info({ event: "signup", outcome: "account_number", userId: account.id }, "authentication attempt");
    return startSession(deps, c, account, { account_number: number });
  };

export const accountNumberLogin =
  (deps: AccountDeps): Handler<"accountNumberLogin"> =>
  async (c) => {
    if (!deps.accountNumbers) return errorReply(c, "accountNumbersOff");
    const body = c.req.valid("json");
    const client = ipSubject(c.get("clientAddress"));
    const blocked = await deps.limited(c, "loginPerIp", client);
    if (blocked) return blocked;
    // Only wrong numbers count toward this one, so the owner typing the right one is never held up.
    const wait = await failureLimitReached(deps.db, "accountNumberFailuresPerIp", client);
    if (wait !== null) return tooSoon(c, wait);
    if (!(await captchaOk(deps.captcha, c, body.recasign))) return errorReply(c, "captchaFailed");
    const digits = parseAccountNumber(body.account_number);
    if (digits === null) {
      return errorReply(c, "validation", { fields: { account_number: "accountNumber.format" } });
    }
    const account = await accountOfNumber({ db: deps.db, secret: deps.accountNumbers.secret }, digits);
    if (!account) {
      await hitRateLimit(deps.db, "accountNumberFailuresPerIp", client);
      c.get("logger").info(
        { event: "login", outcome: "wrong_account_number", method: "account_number" },
        "authentication attempt",
      );
      return errorReply(c, "accountNumberWrong", { fields: { account_number: "api.40171" } });
    }
    // A disabled account is told so now, not after its second step (decision 058).
    if (isDisabled(account)) return startSession(deps, c, account);
    const owed = await secondStepOwed(deps.db, { userId: account.id, method: "account_number" });
    c.get("logger").info(
      {
        event: "login",
        outcome: owed ? "second_factor_owed" : "success",
        method: "account_number",
        userId: account.id,
        app: c.get("app").id,
      },
      "authentication attempt",
    );
    if (owed) {
      return errorReply(c, "secondFactorRequired", { pending_token: owed.pendingToken, methods: owed.methods });
    }
    return startSession(deps, c, account);
  };
