import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../context";
import { withCaptchaAlias } from "../../captcha-check";
import type { AccountDeps } from "../account-deps";
import * as handlers from "./vouchers.handlers";
import * as routes from "./vouchers.routes";

/** Redeeming prepaid vouchers (decision 046): signed in, or with a new account in the same step. */
export function vouchersRouter(deps: AccountDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: deps.validationHook });
  app.use(routes.redeemVoucher.path, deps.requireSession);
  app.openapi(routes.redeemVoucher, handlers.redeemVoucherHandler(deps));
  for (const route of withCaptchaAlias(routes.redeemVoucherAnonymous)) {
    app.openapi(route, handlers.redeemVoucherAnonymousHandler(deps));
  }
  return app;
}
