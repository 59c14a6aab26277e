import type { RouteHandler } from "@hono/zod-openapi";
import { NotOfferedByProcessor, PREPAID_PROCESSORS } from "../../../../core/billing/providers/payment-provider";
import type { SubscriptionRow } from "../../../../core/billing/renewal-change";
import { cancelRenewal } from "../../../../core/billing/renewal-change";
import { resumeRenewal } from "../../../../core/billing/resume-renewal";
import { subscriptionsWithPlanLength } from "../../../../core/billing/subscriptions-of-account";
import type { AppEnv } from "../../../context";
import { errorReply, ok } from "../../envelope";
import type { AccountDeps } from "../account-deps";
import type * as routes from "./subscriptions.routes";

type Handler<R extends keyof typeof routes> = RouteHandler<(typeof routes)[R], AppEnv>;

/** The processor that holds a subscription, in this process's payment mode. */
const renewalDeps = (deps: AccountDeps) => ({
  db: deps.db,
  processorFor: (name: string) => deps.payments.byName(name),
});

const renewalView = (subscription: SubscriptionRow) => ({
  id: subscription.id,
  status: subscription.status,
  auto_renew: subscription.autoRenew,
  expires_at: subscription.currentPeriodEnd?.toISOString() ?? null,
});

export const subscriptionMy =
  (deps: AccountDeps): Handler<"subscriptionMy"> =>
  async (c) => {
    const query = c.req.valid("query");
    const { rows, total } = await subscriptionsWithPlanLength(deps.db, c.get("session").user.id, {
      statuses: query.status,
      page: query.page,
      pageSize: query.page_size,
    });
    const subscriptions = rows.map((row) => ({
      id: row.id,
      plan_id: row.planId,
      plan_months: row.planMonths,
      status: row.status,
      provider: row.provider,
      started_at: row.startedAt?.toISOString() ?? null,
      renews_at: row.autoRenew && row.status !== "expired" ? (row.currentPeriodEnd?.toISOString() ?? null) : null,
      expires_at: row.currentPeriodEnd?.toISOString() ?? null,
      auto_renew: row.autoRenew,
      prepaid: PREPAID_PROCESSORS.has(row.processor),
    }));
    return c.json(ok({ subscriptions, total, page: query.page, page_size: query.page_size }), 200);
  };

export const subscriptionCancel =
  (deps: AccountDeps): Handler<"subscriptionCancel"> =>
  async (c) => {
    const { id } = c.req.valid("json");
    const result = await cancelRenewal(renewalDeps(deps), { userId: c.get("session").user.id, subscriptionId: id });
    if (!result.ok) {
      if (result.reason === "not_found") return errorReply(c, "notFound", null, "no such subscription");
      // Nothing was changed here: the card would still be charged, so the customer must not read "canceled".
      c.get("logger").error({ err: result.error, reason: result.reason }, "renewal could not be turned off");
      const message = "the payment provider could not turn renewal off; nothing was changed";
      return errorReply(c, "processorRefused", null, message);
    }
    return c.json(ok({ ...renewalView(result.subscription), id }), 200);
  };

export const subscriptionResume =
  (deps: AccountDeps): Handler<"subscriptionResume"> =>
  async (c) => {
    const input = { userId: c.get("session").user.id, subscriptionId: c.req.valid("json").id };
    const result = await resumeRenewal(renewalDeps(deps), input);
    if (!result.ok) {
      if (result.reason === "not_found") return errorReply(c, "notFound", null, "no such subscription");
      if (result.reason === "not_allowed") return errorReply(c, "renewalNotResumable");
      if (result.error instanceof NotOfferedByProcessor) return errorReply(c, "prepaidNoRenewal");
      c.get("logger").error({ err: result.error, reason: result.reason }, "renewal could not be turned back on");
      return errorReply(c, "processorRefused", null, "the payment provider could not turn renewal back on");
    }
    return c.json(ok(renewalView(result.subscription)), 200);
  };
