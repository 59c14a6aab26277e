import type { RouteHandler } from "@hono/zod-openapi";
import { type RefundDeps, refundPurchase, refundStatus } from "../../../../core/billing/refund-purchase";
import type { AppEnv } from "../../../context";
import { errorReply, ok } from "../../envelope";
import type { AccountDeps } from "../account-deps";
import type * as routes from "./refunds.routes";

type Handler<R extends keyof typeof routes> = RouteHandler<(typeof routes)[R], AppEnv>;

const refundDeps = (deps: AccountDeps): RefundDeps => ({
  db: deps.db,
  processorFor: (name) => deps.payments.byName(name),
  windowDays: deps.refundWindowDays,
});

export const refundStatusHandler =
  (deps: AccountDeps): Handler<"refundStatus"> =>
  async (c) => {
    const { purchase, eligibility } = await refundStatus(refundDeps(deps), c.get("session").user.id);
    return c.json(
      ok({
        window_days: deps.refundWindowDays,
        purchase: purchase && {
          order_id: purchase.orderId,
          plan_id: purchase.planId,
          provider: purchase.provider,
          amount: purchase.amountMinor,
          currency: purchase.currency,
          paid_at: purchase.paidAt?.toISOString() ?? null,
        },
        eligible: eligibility.eligible,
        reason: eligibility.eligible ? null : eligibility.reason,
        refundable_until: eligibility.eligible ? eligibility.until.toISOString() : null,
      }),
      200,
    );
  };

export const refundRequestHandler =
  (deps: AccountDeps): Handler<"refundRequest"> =>
  async (c) => {
    const input = { userId: c.get("session").user.id, orderId: c.req.valid("json").order_id };
    const result = await refundPurchase(refundDeps(deps), input);
    if (result.ok) {
      if (result.outcome === "refunded") deps.onMailQueued?.();
      return c.json(ok({ outcome: result.outcome }), 200);
    }
    switch (result.reason) {
      case "not_found":
        return errorReply(c, "notFound", null, "no such paid order");
      case "not_eligible":
        return errorReply(c, "refundNotEligible", { reason: result.eligibility.reason });
      case "processor_unavailable":
        c.get("logger").error({ orderId: input.orderId }, "refund asked for an order this process cannot reach");
        return errorReply(c, "processorUnavailable", null, "the order's payment provider is not reachable from here");
      case "processor_refused":
        // Nothing was changed here: the customer must not read "refunded".
        c.get("logger").error({ err: result.error, orderId: input.orderId }, "the processor did not refund");
        return errorReply(c, "processorRefused", null, "the payment provider refused or could not be reached");
    }
  };
