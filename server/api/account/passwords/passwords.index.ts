import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../context";
import { withCaptchaAlias } from "../../captcha-check";
import type { AccountDeps } from "../account-deps";
import * as handlers from "./passwords.handlers";
import * as routes from "./passwords.routes";

/** E-mailed codes and passwords: request and check a code, set a first password, change, reset. */
export function passwordsRouter(deps: AccountDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: deps.validationHook });
  for (const route of [routes.setPassword, routes.changePassword]) app.use(route.path, deps.requireSession);

  for (const route of withCaptchaAlias(routes.verificationRequest)) {
    app.openapi(route, handlers.verificationRequest(deps));
  }
  app.openapi(routes.verificationValidate, handlers.verificationValidate(deps));
  app.openapi(routes.setPassword, handlers.setPassword(deps));
  app.openapi(routes.changePassword, handlers.changePassword(deps));
  app.openapi(routes.resetPassword, handlers.resetPassword(deps));
  return app;
}
