import type { RouteHandler } from "@hono/zod-openapi";
import { type BoundIp, bindIp, boundIpsOf, removeBoundIp } from "../../../../core/net/bound-ip";
import type { AppEnv } from "../../../context";
import { errorReply, ok } from "../../envelope";
import type { AccountDeps } from "../account-deps";
import type * as routes from "./bound-ip.routes";

type Handler<R extends keyof typeof routes> = RouteHandler<(typeof routes)[R], AppEnv>;

/** The list as every user_ip call answers it. */
async function boundList(deps: AccountDeps, userId: number) {
  const { addresses, limit } = await boundIpsOf(deps.db, userId);
  const newest: BoundIp | undefined = addresses.at(-1);
  return {
    bound_ips: addresses.map((address) => ({ ip: address.ip, bound_at: address.boundAt.toISOString() })),
    limit,
    bound_ip: newest?.ip ?? null,
    bound_at: newest?.boundAt.toISOString() ?? null,
  };
}

export const userIpQuery =
  (deps: AccountDeps): Handler<"userIpQuery"> =>
  async (c) => {
    const list = await boundList(deps, c.get("session").user.id);
    return c.json(ok({ ...list, current_ip: c.get("clientAddress") }), 200);
  };

export const userIpBind =
  (deps: AccountDeps): Handler<"userIpBind"> =>
  async (c) => {
    const userId = c.get("session").user.id;
    const result = await bindIp(deps.db, { userId, ip: c.req.valid("json").ip });
    if (!result.ok && result.reason === "not_public")
      return errorReply(c, "notPublicIp", { fields: { ip: "ip.public" } });
    if (!result.ok) return errorReply(c, "boundIpLimitReached", { limit: result.limit });
    return c.json(ok(await boundList(deps, userId)), 200);
  };

export const userIpRemove =
  (deps: AccountDeps): Handler<"userIpRemove"> =>
  async (c) => {
    const userId = c.get("session").user.id;
    // SPEC §7 sends an empty body: every address goes. Naming one removes only it.
    const ip = (c.req.valid("json") as { ip?: string } | undefined)?.ip;
    const removed = await removeBoundIp(deps.db, userId, ip);
    if (ip !== undefined && removed === 0) return errorReply(c, "boundIpNotFound");
    return c.json(ok(await boundList(deps, userId)), 200);
  };
