/**
 * The subscription state machine: pending -> active -> past_due -> canceled / expired; a refund
 * ends access at once. Provider events can arrive late, twice or out of order: applying the
 * same events in any order must end in the same state, and must never grant twice.
 */
export type SubscriptionStatus = "pending" | "active" | "past_due" | "canceled" | "expired";

export interface SubscriptionState {
  status: SubscriptionStatus;
  currentPeriodEnd: Date | null;
  autoRenew: boolean;
  /** Time of the newest event applied. */
  lastEventAt: Date | null;
}

export type BillingEvent =
  | { type: "payment_succeeded"; at: Date; periodEnd: Date }
  | { type: "payment_failed"; at: Date }
  | { type: "canceled"; at: Date }
  /** Automatic renewal turned back on before the paid period ended. */
  | { type: "resumed"; at: Date }
  | { type: "refunded"; at: Date }
  | { type: "expired"; at: Date };

export const INITIAL_STATE: SubscriptionState = {
  status: "pending",
  currentPeriodEnd: null,
  autoRenew: true,
  lastEventAt: null,
};

const later = (a: Date | null, b: Date | null) => (a === null ? b : b === null ? a : a > b ? a : b);

export function applyBillingEvent(state: SubscriptionState, event: BillingEvent): SubscriptionState {
  const newer = state.lastEventAt === null || event.at >= state.lastEventAt;
  const lastEventAt = later(state.lastEventAt, event.at);
  // A refund or expiry is final for everything that happened before it.
  if (state.status === "expired" && !newer) return state;

  switch (event.type) {
    case "payment_succeeded": {
      // Money received is access granted, whatever order it arrives in; extending is idempotent.
      const currentPeriodEnd = later(state.currentPeriodEnd, event.periodEnd);
      const status = newer || state.status === "pending" || state.status === "past_due" ? "active" : state.status;
      return {
        ...state,
        status: state.status === "canceled" && !newer ? "canceled" : status,
        currentPeriodEnd,
        lastEventAt,
      };
    }
    case "payment_failed":
      return newer && state.status === "active"
        ? { ...state, status: "past_due", lastEventAt }
        : { ...state, lastEventAt };
    case "canceled":
      // An older cancellation still turns renewal off. The state keeps no time of the last renewal
      // change, so one older than a resumption applied before it wins too (limit noted in issue 14).
      return newer
        ? { ...state, status: "canceled", autoRenew: false, lastEventAt }
        : { ...state, autoRenew: false, lastEventAt };
    case "resumed": {
      // Only a newer resumption undoes a cancellation; an ended or unpaid subscription stays as it is.
      const paidUntilThen = state.currentPeriodEnd !== null && state.currentPeriodEnd > event.at;
      if (!newer || !paidUntilThen || state.status === "expired" || state.status === "pending") {
        return { ...state, lastEventAt };
      }
      return { ...state, status: state.status === "canceled" ? "active" : state.status, autoRenew: true, lastEventAt };
    }
    case "refunded":
      return { ...state, status: "expired", autoRenew: false, currentPeriodEnd: event.at, lastEventAt };
    case "expired":
      return newer ? { ...state, status: "expired", autoRenew: false, lastEventAt } : { ...state, lastEventAt };
  }
}

/** Seconds of VIP time left (SPEC §3 remain_time); zero without a paid, unexpired period. */
export function remainingSeconds(state: Pick<SubscriptionState, "status" | "currentPeriodEnd">, now: Date): number {
  if (state.status === "pending" || state.status === "expired" || !state.currentPeriodEnd) return 0;
  return Math.max(0, Math.floor((state.currentPeriodEnd.getTime() - now.getTime()) / 1000));
}
