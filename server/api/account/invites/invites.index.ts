import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../context";
import type { AccountDeps } from "../account-deps";
import * as handlers from "./invites.handlers";
import * as routes from "./invites.routes";

/** Invite a friend (decision 047): the account's link and what it earned. */
export function invitesRouter(deps: AccountDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: deps.validationHook });
  app.use(routes.inviteStatus.path, deps.requireSession);
  app.openapi(routes.inviteStatus, handlers.inviteStatusHandler(deps));
  app.openapi(routes.inviteOffer, handlers.inviteOfferHandler(deps));
  return app;
}
