import type { Context } from "hono";
import { isDisabled } from "../../../core/auth/account-disable";
import type { Account } from "../../../core/auth/accounts";
import { recordSecurityEvent } from "../../../core/auth/security-events";
import { createSession } from "../../../core/auth/sessions";
import { describeUserAgent } from "../../../core/auth/user-agent";
import { isBrowserApp } from "../../../universal/apps/app-registry";
import type { AppEnv } from "../../context";
import { setSessionCookie } from "../../middleware/session";
import { errorReply, ok } from "../envelope";
import type { AccountDeps } from "./account-deps";
import { userData } from "./user-data";

/**
 * A new session: apps get the token in the body, the website only in the HttpOnly cookie. The
 * session list shows its browser and system and the country of the address (not the address),
 * and the security log counts the sign-in. Every way in ends here, so this is where a disabled
 * account is refused (decision 058): no session, 40220 in the page's language.
 */
export async function startSession<Extra extends Record<string, unknown> = Record<never, never>>(
  deps: Pick<AccountDeps, "db" | "https" | "countryOf">,
  c: Context<AppEnv>,
  account: Account,
  /** More fields of the answer (a new account number, shown once). */
  extra: Extra = {} as Extra,
) {
  const appInfo = c.get("app");
  if (isDisabled(account)) {
    c.get("logger").info({ event: "login", outcome: "account_disabled", userId: account.id }, "authentication attempt");
    return errorReply(c, "accountDisabled");
  }
  const country = await deps.countryOf(c.get("clientAddress"));
  const client = { ...describeUserAgent(c.req.header("user-agent")), country };
  const { token } = await createSession(deps.db, { userId: account.id, appType: appInfo.id, client });
  await recordSecurityEvent(deps.db, { userId: account.id, kind: "sign_in", appType: appInfo.id, country });
  if (isBrowserApp(appInfo)) {
    setSessionCookie(c, deps.https, token);
    return c.json(ok({ ...(await userData(deps.db, account)), ...extra }), 200);
  }
  return c.json(ok({ ...(await userData(deps.db, account)), ...extra, token }), 200);
}
