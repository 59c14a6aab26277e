import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../context";
import type { AccountDeps } from "../account-deps";
import * as handlers from "./email-change.handlers";
import * as routes from "./email-change.routes";

/** Changing the account's e-mail address (session needed) and undoing it from the old address (a link, no session). */
export function emailChangeRouter(deps: AccountDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: deps.validationHook });
  for (const route of [routes.emailChangeRequest, routes.emailChangeConfirm]) app.use(route.path, deps.requireSession);
  app.openapi(routes.emailChangeRequest, handlers.emailChangeRequest(deps));
  app.openapi(routes.emailChangeConfirm, handlers.emailChangeConfirm(deps));
  app.openapi(routes.emailChangeUndo, handlers.emailChangeUndo(deps));
  return app;
}
