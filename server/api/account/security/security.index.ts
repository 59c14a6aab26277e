import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../context";
import type { AccountDeps } from "../account-deps";
import * as handlers from "./security.handlers";
import * as routes from "./security.routes";

/** The account's sessions (list, end one, end the others) and its security log. */
export function securityRouter(deps: AccountDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: deps.validationHook });
  for (const route of [routes.sessionList, routes.sessionEnd, routes.sessionEndOthers, routes.securityLog]) {
    app.use(route.path, deps.requireSession);
  }
  app.openapi(routes.sessionList, handlers.sessionList(deps));
  app.openapi(routes.sessionEnd, handlers.sessionEnd(deps));
  app.openapi(routes.sessionEndOthers, handlers.sessionEndOthers(deps));
  app.openapi(routes.securityLog, handlers.securityLog(deps));
  return app;
}
