import type { RouteHandler } from "@hono/zod-openapi";
import { inviteCodeFor, inviteOverview } from "../../../../core/invites/invites";
import { inviteLinks } from "../../../../universal/invites/invite-code";
import type { AppEnv } from "../../../context";
import { ok } from "../../envelope";
import type { AccountDeps } from "../account-deps";
import type * as routes from "./invites.routes";

type Handler<R extends keyof typeof routes> = RouteHandler<(typeof routes)[R], AppEnv>;

export const inviteStatusHandler =
  (deps: AccountDeps): Handler<"inviteStatus"> =>
  async (c) => {
    c.header("Cache-Control", "no-store");
    const userId = c.get("session").user.id;
    const code = await inviteCodeFor(deps.db, userId);
    const links = code ? inviteLinks(deps.siteOrigin(c.req.url), code) : null;
    const overview = await inviteOverview(deps.db, userId, code);
    return c.json(
      ok({
        code,
        link: links?.link ?? null,
        short_link: links?.shortLink ?? null,
        reward: { months: deps.invites.months, days: deps.invites.days },
        ...overview,
      }),
      200,
    );
  };

export const inviteOfferHandler =
  (deps: AccountDeps): Handler<"inviteOffer"> =>
  async (c) => {
    c.header("Cache-Control", "public, max-age=300");
    return c.json(ok({ months: deps.invites.months, days: deps.invites.days }), 200);
  };
