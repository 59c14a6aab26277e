import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../context";
import type { AccountDeps } from "../account-deps";
import * as handlers from "./vpn-setup.handlers";
import * as routes from "./vpn-setup.routes";

/** Manual VPN setup (decision 044): the account's WireGuard keys and its OpenVPN profiles. */
export function vpnSetupRouter(deps: AccountDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: deps.validationHook });
  for (const route of [routes.wireguardList, routes.wireguardAdd, routes.wireguardRevoke, routes.openVpnProfile]) {
    app.use(route.path, deps.requireSession);
  }
  app.openapi(routes.wireguardList, handlers.wireguardList(deps));
  app.openapi(routes.wireguardAdd, handlers.wireguardAdd(deps));
  app.openapi(routes.wireguardRevoke, handlers.wireguardRevoke(deps));
  app.openapi(routes.openVpnProfile, handlers.openVpnProfile(deps));
  return app;
}
