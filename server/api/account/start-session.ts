import type { Context } from "hono";
import type { Account } from "../../../core/auth/accounts";
import { createSession } from "../../../core/auth/sessions";
import { isBrowserApp } from "../../../universal/apps/app-registry";
import type { AppEnv } from "../../context";
import { setSessionCookie } from "../../middleware/session";
import { ok } from "../envelope";
import type { AccountDeps } from "./account-deps";
import { userData } from "./user-data";

/** A new session: apps get the token in the body, the website only in the HttpOnly cookie. */
export async function startSession(deps: Pick<AccountDeps, "db" | "https">, c: Context<AppEnv>, account: Account) {
  const appInfo = c.get("app");
  const { token } = await createSession(deps.db, { userId: account.id, appType: appInfo.id });
  if (isBrowserApp(appInfo)) {
    setSessionCookie(c, deps.https, token);
    return c.json(ok(await userData(deps.db, account)), 200);
  }
  return c.json(ok({ ...(await userData(deps.db, account)), token }), 200);
}
