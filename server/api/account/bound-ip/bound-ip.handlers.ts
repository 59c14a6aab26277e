import type { RouteHandler } from "@hono/zod-openapi";
import { bindIp, boundIpOf, removeBoundIp } from "../../../../core/net/bound-ip";
import type { AppEnv } from "../../../context";
import { errorReply, ok } from "../../envelope";
import type { AccountDeps } from "../account-deps";
import type * as routes from "./bound-ip.routes";

type Handler<R extends keyof typeof routes> = RouteHandler<(typeof routes)[R], AppEnv>;

export const userIpQuery =
  (deps: AccountDeps): Handler<"userIpQuery"> =>
  async (c) => {
    const bound = await boundIpOf(deps.db, c.get("session").user.id);
    return c.json(
      ok({
        bound_ip: bound?.ip ?? null,
        bound_at: bound?.boundAt.toISOString() ?? null,
        current_ip: c.get("clientAddress"),
      }),
      200,
    );
  };

export const userIpBind =
  (deps: AccountDeps): Handler<"userIpBind"> =>
  async (c) => {
    const result = await bindIp(deps.db, { userId: c.get("session").user.id, ip: c.req.valid("json").ip });
    if (!result.ok) return errorReply(c, "notPublicIp", { fields: { ip: "ip.public" } });
    return c.json(ok({ bound_ip: result.bound.ip, bound_at: result.bound.boundAt.toISOString() }), 200);
  };

export const userIpRemove =
  (deps: AccountDeps): Handler<"userIpRemove"> =>
  async (c) => {
    await removeBoundIp(deps.db, c.get("session").user.id);
    return c.json(ok({ bound_ip: null }), 200);
  };
