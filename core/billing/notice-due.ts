import type { SubscriptionStatus } from "./subscription-state";

/** The notices the scheduler sends about a subscription. */
export type NoticeKind = "renewal" | "expiry" | "payment_failed";

/** The operator's settings (server/config.ts): days ahead, 0 turns a notice off. */
export interface NoticeSettings {
  /** Days before an automatic renewal that the renewal notice goes out. */
  renewalDays: number;
  /** Plans shorter than this many months renew without a notice. */
  renewalMinMonths: number;
  /** Days before a plan without renewal ends that the expiry notice goes out. */
  expiryDays: number;
}

export const DEFAULT_NOTICE_SETTINGS: NoticeSettings = { renewalDays: 7, renewalMinMonths: 6, expiryDays: 7 };

/**
 * A renewal that failed longer ago than this gets no notice any more: the processor has given up
 * by then (Stripe's and Paddle's retries last weeks), and a first start of the scheduler over old
 * data must not mail people about last year's card.
 */
export const PAYMENT_FAILED_NOTICE_MAX_DAYS = 30;

export interface NoticeSubject {
  status: SubscriptionStatus | string;
  autoRenew: boolean;
  currentPeriodEnd: Date | null;
  /** The plan's length. */
  months: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Which notice a subscription is due at `now`, about which paid period (its end is the notice's
 * key: one per kind and period). Pure: the scheduler asks it for every candidate and again under
 * the row's lock.
 */
export function dueNotice(
  subscription: NoticeSubject,
  now: Date,
  settings: NoticeSettings,
): { kind: NoticeKind; periodEnd: Date } | null {
  const periodEnd = subscription.currentPeriodEnd;
  if (!periodEnd) return null;
  const untilEnd = periodEnd.getTime() - now.getTime();
  if (subscription.status === "past_due") {
    return -untilEnd <= PAYMENT_FAILED_NOTICE_MAX_DAYS * DAY_MS ? { kind: "payment_failed", periodEnd } : null;
  }
  if (untilEnd <= 0) return null;
  const renewing = subscription.status === "active" && subscription.autoRenew;
  if (renewing) {
    const due =
      settings.renewalDays > 0 &&
      subscription.months >= settings.renewalMinMonths &&
      untilEnd <= settings.renewalDays * DAY_MS;
    return due ? { kind: "renewal", periodEnd } : null;
  }
  // Renewal off (turned off in the account, or cancelled at the processor): the plan just ends.
  const ending = (subscription.status === "active" || subscription.status === "canceled") && !subscription.autoRenew;
  return ending && settings.expiryDays > 0 && untilEnd <= settings.expiryDays * DAY_MS
    ? { kind: "expiry", periodEnd }
    : null;
}

/** The furthest ahead any notice looks, in milliseconds: the scheduler reads no subscription beyond it. */
export function noticeHorizonMs(settings: NoticeSettings): number {
  return Math.max(settings.renewalDays, settings.expiryDays, 0) * DAY_MS;
}
