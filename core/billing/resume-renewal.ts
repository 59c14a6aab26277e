import { changeRenewal, type RenewalChangeDeps, type SubscriptionRow } from "./renewal-change";

/**
 * Renewal can be turned back on while it is off and the paid period still runs: after the end
 * there is nothing left to renew, and the customer buys again instead.
 */
export function canResumeRenewal(
  subscription: Pick<SubscriptionRow, "status" | "autoRenew" | "currentPeriodEnd">,
  now: Date,
): boolean {
  return (
    !subscription.autoRenew &&
    ["active", "past_due", "canceled"].includes(subscription.status) &&
    subscription.currentPeriodEnd !== null &&
    subscription.currentPeriodEnd > now
  );
}

/** Turns a user's automatic renewal back on, at the processor first (so it charges again at the period end). */
export function resumeRenewal(deps: RenewalChangeDeps, input: { userId: number; subscriptionId: number }) {
  return changeRenewal(deps, input, {
    event: "resumed",
    allowed: canResumeRenewal,
    ask: async (processor, ref) => {
      await processor.resumeSubscription(ref);
      return true;
    },
  });
}
