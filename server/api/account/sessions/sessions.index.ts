import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../context";
import { withCaptchaAlias } from "../../captcha-check";
import type { AccountDeps } from "../account-deps";
import * as handlers from "./sessions.handlers";
import * as routes from "./sessions.routes";

/** Sign-in and sessions: login, anonymous sign-up, logout, profile. */
export function sessionsRouter(deps: AccountDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: deps.validationHook });
  // Logout answers without a valid session too: it clears an ended session's cookie.
  app.use(routes.profile.path, deps.requireSession);

  for (const route of withCaptchaAlias(routes.login)) app.openapi(route, handlers.login(deps));
  for (const route of withCaptchaAlias(routes.anonymousSignup)) app.openapi(route, handlers.anonymousSignup(deps));
  app.openapi(routes.logout, handlers.logout(deps));
  app.openapi(routes.profile, handlers.profile(deps));
  return app;
}
