import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../context";
import { withCaptchaAlias } from "../../captcha-check";
import type { AccountDeps } from "../account-deps";
import * as handlers from "./account-number.handlers";
import * as routes from "./account-number.routes";

/** Account numbers (decision 042): open an account without an e-mail address, sign in with its number. */
export function accountNumberRouter(deps: AccountDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: deps.validationHook });
  for (const route of withCaptchaAlias(routes.createAccountNumber)) {
    app.openapi(route, handlers.createAccountNumber(deps));
  }
  for (const route of withCaptchaAlias(routes.accountNumberLogin)) {
    app.openapi(route, handlers.accountNumberLogin(deps));
  }
  return app;
}
