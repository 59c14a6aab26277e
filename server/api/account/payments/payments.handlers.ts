import type { RouteHandler } from "@hono/zod-openapi";
import { billingProfileOf, saveBillingProfile } from "../../../../core/billing/billing-profile";
import { listPayments } from "../../../../core/billing/payment-history";
import type { AppEnv } from "../../../context";
import { ok } from "../../envelope";
import type { AccountDeps } from "../account-deps";
import type * as routes from "./payments.routes";

type Handler<R extends keyof typeof routes> = RouteHandler<(typeof routes)[R], AppEnv>;

export const paymentMy =
  (deps: AccountDeps): Handler<"paymentMy"> =>
  async (c) =>
    c.json(ok({ payments: await listPayments(deps.db, c.get("session").user.id) }), 200);

export const billingProfileGet =
  (deps: AccountDeps): Handler<"billingProfileGet"> =>
  async (c) =>
    c.json(ok(await billingProfileOf(deps.db, c.get("session").user.id)), 200);

export const billingProfileSave =
  (deps: AccountDeps): Handler<"billingProfileSave"> =>
  async (c) =>
    c.json(ok(await saveBillingProfile(deps.db, c.get("session").user.id, c.req.valid("json"))), 200);
