import type { RouteHandler } from "@hono/zod-openapi";
import type { Context } from "hono";
import {
  cancelScheduledSwitch,
  type PlanSwitchDeps,
  type PlanSwitchFailure,
  planSwitchStatus,
  previewPlanSwitch,
  switchPlan,
} from "../../../core/billing/plan-switch";
import { NotOfferedByProcessor, type PlanChangeQuote } from "../../../core/billing/providers/payment-provider";
import type { ProcessorSet } from "../../../core/billing/providers/processors";
import type { AppDeps, AppEnv } from "../../context";
import { errorReply, ok } from "../envelope";
import type * as routes from "./plan-switch.routes";

type Handler<R extends keyof typeof routes> = RouteHandler<(typeof routes)[R], AppEnv>;
type SwitchDeps = Pick<AppDeps, "database"> & { payments: ProcessorSet };

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** A refused switch, answered from the catalogue: nothing was changed in any of these cases. */
function refusalReply(c: Context<AppEnv>, failure: PlanSwitchFailure) {
  switch (failure.reason) {
    case "not_subscriber":
      return errorReply(c, "notSubscriber");
    case "same_plan":
      return errorReply(c, "samePlan");
    case "not_sold_in_currency":
      return errorReply(c, "planNotSoldInCurrency");
    case "not_an_upgrade":
      return errorReply(c, "notAnUpgrade");
    case "renewal_off":
      return errorReply(c, "switchNeedsRenewal");
    case "switch_pending":
      return errorReply(c, "switchPending");
    case "processor_cannot_switch":
      return errorReply(c, "planChangeUnsupported");
    case "prepaid":
      return errorReply(c, "prepaidNoPlanChange");
    case "unknown_plan":
      return errorReply(c, "notFound", null, "no such plan");
    case "processor_unavailable":
      c.get("logger").error("plan switch for a subscription this process cannot reach");
      return errorReply(
        c,
        "processorUnavailable",
        null,
        "the subscription's payment provider is not reachable from here",
      );
    case "processor_refused":
      if (failure.error instanceof NotOfferedByProcessor) return errorReply(c, "prepaidNoPlanChange");
      c.get("logger").error({ err: failure.error }, "the processor did not switch the plan");
      return errorReply(c, "processorRefused", null, "the payment provider refused or could not be reached");
  }
}

const quoteView = (planId: string, timing: "now" | "at_renewal", quote: PlanChangeQuote, deviceLimit: number) => ({
  plan_id: planId,
  timing,
  amount: quote.amountDueMinor,
  currency: quote.currency,
  effective_at: quote.effectiveAt.toISOString(),
  period_end: iso(quote.periodEnd),
  device_limit: deviceLimit,
});

/** The plan switcher's handlers (decision 037): each calls one function of core/billing/plan-switch.ts. */
export function planSwitchHandlers(deps: SwitchDeps) {
  const switchDeps: PlanSwitchDeps = {
    db: deps.database.db,
    processorFor: (name) => deps.payments.byName(name),
  };

  const status: Handler<"planSwitchStatus"> = async (c) => {
    const { subscription, choices } = await planSwitchStatus(switchDeps, c.get("session").user.id);
    return c.json(
      ok({
        subscription: subscription && {
          id: subscription.id,
          plan_id: subscription.planId,
          plan_months: subscription.months,
          device_limit: subscription.deviceLimit,
          currency: subscription.currency,
          amount: subscription.priceMinor,
          period_end: iso(subscription.periodEnd),
          auto_renew: subscription.autoRenew,
          prepaid: subscription.prepaid,
          scheduled: subscription.scheduled && {
            plan_id: subscription.scheduled.planId,
            plan_months: subscription.scheduled.months,
            amount: subscription.scheduled.priceMinor,
            at: iso(subscription.scheduled.at),
          },
        },
        choices: choices.map((choice) => ({
          plan_id: choice.planId,
          plan_months: choice.months,
          device_limit: choice.deviceLimit,
          amount: choice.priceMinor,
          now: choice.now,
          at_renewal: choice.atRenewal,
        })),
      }),
      200,
    );
  };

  const preview: Handler<"planSwitchPreview"> = async (c) => {
    const { plan_id, timing } = c.req.valid("json");
    const result = await previewPlanSwitch(switchDeps, { userId: c.get("session").user.id, planId: plan_id, timing });
    if (!result.ok) return refusalReply(c, result);
    return c.json(
      ok({ ...quoteView(plan_id, timing, result.quote, result.deviceLimit), quoted_at: result.quotedAt.toISOString() }),
      200,
    );
  };

  const change: Handler<"planSwitch"> = async (c) => {
    const { plan_id, timing, quoted_at } = c.req.valid("json");
    const result = await switchPlan(switchDeps, {
      userId: c.get("session").user.id,
      planId: plan_id,
      timing,
      quotedAt: quoted_at ? new Date(quoted_at) : undefined,
    });
    if (!result.ok) return refusalReply(c, result);
    return c.json(
      ok({ ...quoteView(plan_id, timing, result.quote, result.deviceLimit), devices_unbound: result.devicesUnbound }),
      200,
    );
  };

  const cancel: Handler<"planSwitchCancel"> = async (c) => {
    const result = await cancelScheduledSwitch(switchDeps, c.get("session").user.id);
    if (result.ok) return c.json(ok({ canceled: true }), 200);
    if (result.reason === "no_switch") return errorReply(c, "notFound", null, "no switch is scheduled");
    c.get("logger").error({ err: result.error, reason: result.reason }, "the scheduled switch could not be canceled");
    return result.reason === "processor_unavailable"
      ? errorReply(c, "processorUnavailable", null, "the subscription's payment provider is not reachable from here")
      : errorReply(c, "processorRefused", null, "the payment provider refused or could not be reached");
  };

  return { status, preview, change, cancel };
}
