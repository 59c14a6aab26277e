import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../context";
import type { AccountDeps } from "../account-deps";
import * as handlers from "./refunds.handlers";
import * as routes from "./refunds.routes";

/** The money-back refund a customer takes themselves (decision 035): its status, and the refund. */
export function refundsRouter(deps: AccountDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: deps.validationHook });
  for (const route of [routes.refundStatus, routes.refundRequest]) app.use(route.path, deps.requireSession);
  app.openapi(routes.refundStatus, handlers.refundStatusHandler(deps));
  app.openapi(routes.refundRequest, handlers.refundRequestHandler(deps));
  return app;
}
