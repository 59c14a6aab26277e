import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../context";
import type { AccountDeps } from "../account-deps";
import * as handlers from "./devices.handlers";
import * as routes from "./devices.routes";

/** The devices bound to an account: list, bind (under the plan's limit), unbind. */
export function devicesRouter(deps: AccountDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: deps.validationHook });
  for (const route of [routes.deviceList, routes.deviceBind, routes.deviceUnbind]) {
    app.use(route.path, deps.requireSession);
  }
  app.openapi(routes.deviceList, handlers.deviceList(deps));
  app.openapi(routes.deviceBind, handlers.deviceBind(deps));
  app.openapi(routes.deviceUnbind, handlers.deviceUnbind(deps));
  return app;
}
