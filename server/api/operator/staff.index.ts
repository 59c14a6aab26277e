import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppDeps, AppEnv } from "../../context";
import { requireOperator } from "../../middleware/operator-auth";
import { staffHandlers } from "./staff.handlers";
import * as routes from "./staff.routes";

/** The console's first owner, made with the operator token (decision 051). */
export function operatorStaffRouter(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: deps.validationHook });
  app.use(routes.STAFF_OWNER_PATH, requireOperator(deps.database.db, deps.config.OPERATOR_TOKEN));
  app.openapi(routes.makeOwner, staffHandlers(deps).makeOwner);
  return app;
}
