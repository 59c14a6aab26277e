import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../context";
import type { AccountDeps } from "../account-deps";
import * as handlers from "./privacy.handlers";
import * as routes from "./privacy.routes";

/** The account's own data: its export and its deletion (decision 041). */
export function privacyRouter(deps: AccountDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: deps.validationHook });
  for (const route of [routes.dataExport, routes.deletionCode, routes.deleteAccount]) {
    app.use(route.path, deps.requireSession);
  }
  app.openapi(routes.dataExport, handlers.dataExport(deps));
  app.openapi(routes.deletionCode, handlers.deletionCode(deps));
  app.openapi(routes.deleteAccount, handlers.deleteAccount(deps));
  return app;
}
