import type { RouteHandler } from "@hono/zod-openapi";
import { changesSince, peerSnapshot } from "../../../core/wireguard/operator-feed";
import type { AppDeps, AppEnv } from "../../context";
import { ok } from "../envelope";
import type * as routes from "./wireguard.routes";

/** The VPN servers' peer list and change feed: thin handlers over core/wireguard/operator-feed.ts. */
export function wireguardHandlers(deps: Pick<AppDeps, "database">) {
  const peers: RouteHandler<typeof routes.wireguardPeers, AppEnv> = async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(ok(await peerSnapshot(deps.database.db)), 200);
  };
  const changes: RouteHandler<typeof routes.wireguardChanges, AppEnv> = async (c) => {
    const { cursor, limit } = c.req.valid("query");
    c.header("Cache-Control", "no-store");
    return c.json(ok(await changesSince(deps.database.db, cursor, limit)), 200);
  };
  return { peers, changes };
}
