import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppDeps, AppEnv } from "../../context";
import { requireOperator } from "../../middleware/operator-auth";
import { couponHandlers } from "./coupons.handlers";
import * as routes from "./coupons.routes";

/** The operator's coupons: list, publish, end (decision 034). */
export function operatorCouponsRouter(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: deps.validationHook });

  const operator = requireOperator(deps.database.db, deps.config.OPERATOR_TOKEN);
  app.use(routes.COUPONS_PATH, operator);
  app.use(`${routes.COUPONS_PATH}/*`, operator);

  const handlers = couponHandlers(deps);
  app.openapi(routes.listCoupons, handlers.listCoupons);
  app.openapi(routes.createCoupon, handlers.createCoupon);
  app.openapi(routes.endCoupon, handlers.endCoupon);

  return app;
}
