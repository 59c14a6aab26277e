import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppDeps, AppEnv } from "../../context";
import { requireOperator } from "../../middleware/operator-auth";
import { wireguardHandlers } from "./wireguard.handlers";
import * as routes from "./wireguard.routes";

/** The WireGuard control plane for the operator's VPN servers (decision 044). */
export function operatorWireguardRouter(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: deps.validationHook });
  const guard = requireOperator(deps.database.db, deps.config.OPERATOR_TOKEN, deps.config.VPN_SERVER_TOKENS ?? []);
  app.use(routes.WIREGUARD_PEERS_PATH, guard);
  app.use(routes.WIREGUARD_CHANGES_PATH, guard);
  const handlers = wireguardHandlers(deps);
  app.openapi(routes.wireguardPeers, handlers.peers);
  app.openapi(routes.wireguardChanges, handlers.changes);
  return app;
}
