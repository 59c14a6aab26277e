import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../context";
import type { AccountDeps } from "../account-deps";
import * as handlers from "./subscriptions.handlers";
import * as routes from "./subscriptions.routes";

/** The account's subscriptions: list, turn renewal off (cancel) and back on (resume). */
export function subscriptionsRouter(deps: AccountDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: deps.validationHook });
  for (const route of [routes.subscriptionMy, routes.subscriptionCancel, routes.subscriptionResume]) {
    app.use(route.path, deps.requireSession);
  }
  app.openapi(routes.subscriptionMy, handlers.subscriptionMy(deps));
  app.openapi(routes.subscriptionCancel, handlers.subscriptionCancel(deps));
  app.openapi(routes.subscriptionResume, handlers.subscriptionResume(deps));
  return app;
}
