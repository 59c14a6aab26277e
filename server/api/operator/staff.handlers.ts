import type { RouteHandler } from "@hono/zod-openapi";
import { makeOwner } from "../../../core/staff/staff";
import type { AppDeps, AppEnv } from "../../context";
import { errorReply, ok } from "../envelope";
import type * as routes from "./staff.routes";

/** The operator token makes an owner: a thin handler over core/staff/staff.ts. */
export function staffHandlers(deps: Pick<AppDeps, "database">) {
  const owner: RouteHandler<typeof routes.makeOwner, AppEnv> = async (c) => {
    const made = await makeOwner(deps.database.db, c.req.valid("json").email, { kind: "token" });
    if (!made) return errorReply(c, "staffAccountNotFound");
    c.get("logger").info({ event: "staff_owner", userId: made.userId }, "owner made with the operator token");
    return c.json(ok({ user_id: made.userId, was: made.before }), 200);
  };
  return { makeOwner: owner };
}
