import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppDeps, AppEnv } from "../../context";
import { requireOperator } from "../../middleware/operator-auth";
import { catalogueHandlers } from "./catalogue.handlers";
import * as routes from "./catalogue.routes";

/** The operator's catalogue: list it, change prices, plans, visibility, the default and price ids. */
export function operatorCatalogueRouter(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: deps.validationHook });

  const operator = requireOperator(deps.database.db, deps.config.OPERATOR_TOKEN);
  app.use(routes.CATALOGUE_PATH, operator);
  app.use(`${routes.CATALOGUE_PATH}/*`, operator);

  const handlers = catalogueHandlers(deps);
  app.openapi(routes.getCatalogue, handlers.getCatalogue);
  app.openapi(routes.setPrice, handlers.setPrice);
  app.openapi(routes.addPlan, handlers.addPlan);
  app.openapi(routes.editPlan, handlers.editPlan);
  app.openapi(routes.setPlanVisibility, handlers.setPlanVisibility);
  app.openapi(routes.setDefaultPlan, handlers.setDefaultPlan);
  app.openapi(routes.mapPriceId, handlers.mapPriceId);

  return app;
}
