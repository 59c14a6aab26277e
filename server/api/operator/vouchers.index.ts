import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppDeps, AppEnv } from "../../context";
import { requireOperator } from "../../middleware/operator-auth";
import { voucherHandlers } from "./vouchers.handlers";
import * as routes from "./vouchers.routes";

/** The operator's voucher batches: create (codes answered once), list (decision 046). */
export function operatorVouchersRouter(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: deps.validationHook });
  const operator = requireOperator(deps.database.db, deps.config.OPERATOR_TOKEN);
  app.use(routes.VOUCHER_BATCHES_PATH, operator);
  app.use(`${routes.VOUCHER_BATCHES_PATH}/*`, operator);
  const handlers = voucherHandlers(deps);
  app.openapi(routes.listVoucherBatches, handlers.listVoucherBatches);
  app.openapi(routes.createVoucherBatch, handlers.createVoucherBatch);
  return app;
}
