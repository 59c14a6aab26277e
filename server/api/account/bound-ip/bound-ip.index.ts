import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../context";
import type { AccountDeps } from "../account-deps";
import * as handlers from "./bound-ip.handlers";
import * as routes from "./bound-ip.routes";

/** The account's bound IP address: query, bind, remove. */
export function boundIpRouter(deps: AccountDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: deps.validationHook });
  for (const route of [routes.userIpQuery, routes.userIpBind, routes.userIpRemove]) {
    app.use(route.path, deps.requireSession);
  }
  app.openapi(routes.userIpQuery, handlers.userIpQuery(deps));
  app.openapi(routes.userIpBind, handlers.userIpBind(deps));
  app.openapi(routes.userIpRemove, handlers.userIpRemove(deps));
  return app;
}
