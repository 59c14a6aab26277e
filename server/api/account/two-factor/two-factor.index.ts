import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../context";
import type { AccountDeps } from "../account-deps";
import * as handlers from "./two-factor.handlers";
import * as routes from "./two-factor.routes";

/** Two-factor sign-in: the second step of a sign-in, passkey sign-in, and the account's settings. */
export function twoFactorRouter(deps: AccountDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: deps.validationHook });
  const protectedRoutes = [
    routes.status,
    routes.confirm,
    routes.startTotp,
    routes.enableTotp,
    routes.passkeyRegistrationOptions,
    routes.addPasskey,
    routes.removePasskey,
    routes.renamePasskey,
    routes.newRecoveryCodes,
    routes.turnOff,
  ];
  for (const route of protectedRoutes) app.use(route.path, deps.requireSession);

  app.openapi(routes.secondFactorLogin, handlers.secondFactorLogin(deps));
  app.openapi(routes.passkeyOptions, handlers.passkeyOptions(deps));
  app.openapi(routes.passkeyLogin, handlers.passkeyLogin(deps));
  app.openapi(routes.status, handlers.status(deps));
  app.openapi(routes.confirm, handlers.confirm(deps));
  app.openapi(routes.startTotp, handlers.startTotp(deps));
  app.openapi(routes.enableTotp, handlers.enableTotp(deps));
  app.openapi(routes.passkeyRegistrationOptions, handlers.passkeyRegistrationOptions(deps));
  app.openapi(routes.addPasskey, handlers.addPasskey(deps));
  app.openapi(routes.removePasskey, handlers.removePasskey(deps));
  app.openapi(routes.renamePasskey, handlers.renamePasskey(deps));
  app.openapi(routes.newRecoveryCodes, handlers.newRecoveryCodes(deps));
  app.openapi(routes.turnOff, handlers.turnOff(deps));
  return app;
}
