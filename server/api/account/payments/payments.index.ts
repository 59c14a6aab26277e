import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../context";
import type { AccountDeps } from "../account-deps";
import * as handlers from "./payments.handlers";
import * as routes from "./payments.routes";

/** The account's payment history and billing details (all behind a session). */
export function paymentsRouter(deps: AccountDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: deps.validationHook });
  for (const route of [routes.paymentMy, routes.billingProfileGet, routes.billingProfileSave]) {
    app.use(route.path, deps.requireSession);
  }
  app.openapi(routes.paymentMy, handlers.paymentMy(deps));
  app.openapi(routes.billingProfileGet, handlers.billingProfileGet(deps));
  app.openapi(routes.billingProfileSave, handlers.billingProfileSave(deps));
  return app;
}
