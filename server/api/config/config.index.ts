import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppDeps, AppEnv } from "../../context";
import { requireOperator } from "../../middleware/operator-auth";
import { configHandlers } from "./config.handlers";
import * as routes from "./config.routes";

/** Promotions and route rules: public reads for the site, operator writes behind OPERATOR_TOKEN. */
export function configRouter(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: deps.validationHook });

  const operator = requireOperator(deps.database.db, deps.config.OPERATOR_TOKEN);
  app.use("/api/operator/v1/promotions", operator);
  app.use("/api/operator/v1/route_rules", operator);

  const handlers = configHandlers(deps);
  app.openapi(routes.publicPromotions, handlers.publicPromotions);
  app.openapi(routes.publicRouteRule, handlers.publicRouteRule);
  app.openapi(routes.operatorGetPromotions, handlers.operatorGetPromotions);
  app.openapi(routes.operatorPutPromotions, handlers.operatorPutPromotions);
  app.openapi(routes.operatorListRouteRules, handlers.operatorListRouteRules);
  app.openapi(routes.operatorPutRouteRule, handlers.operatorPutRouteRule);
  app.openapi(routes.operatorDeleteRouteRule, handlers.operatorDeleteRouteRule);

  return app;
}
