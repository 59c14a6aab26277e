import { remainingSeconds, type SubscriptionStatus } from "./subscription-state";

/** When a plan switch takes effect: at once, with proration, or when the subscription next renews. */
export type SwitchTiming = "now" | "at_renewal";
export const SWITCH_TIMINGS: readonly SwitchTiming[] = ["now", "at_renewal"];

/** Why a switch is refused (each is a message of its own on the account page). */
export type SwitchRefusal =
  /** No paid time running: nothing to switch from (buy a plan instead). */
  | "not_subscriber"
  | "same_plan"
  /** The plan has no price in the subscription's currency (or is not on sale). */
  | "not_sold_in_currency"
  /** "Now" is for upgrades (a dearer plan); a cheaper one starts at the renewal. */
  | "not_an_upgrade"
  /** "At renewal" needs a renewal: automatic renewal is off. */
  | "renewal_off"
  /** A switch is already scheduled for the renewal: cancel it first. */
  | "switch_pending"
  /** The subscription's processor has no plan switch (PayPal): buy the new plan when this one ends. */
  | "processor_cannot_switch"
  /** A prepaid period (crypto, decision 050): nothing to switch; buy the other plan when it ends. */
  | "prepaid";

/** The subscription a switch starts from, as stored. */
export interface SwitchSubject {
  status: SubscriptionStatus;
  currentPeriodEnd: Date | null;
  autoRenew: boolean;
  planId: string;
  /** What the current plan costs per period in the subscription's currency (minor units). */
  priceMinor: number;
  scheduledPlanId: string | null;
  /** False when the subscription's processor cannot move it to another plan (PayPal, decision 049). */
  planChanges?: boolean;
  /** Paid in advance for a set period (crypto, decision 050): it has no plan to move. */
  prepaid?: boolean;
}

/** The plan asked for: its price in the subscription's currency, or null when it is not sold in it. */
export interface SwitchTarget {
  planId: string;
  priceMinor: number | null;
}

/** Whether a subscriber may move to a plan this way now; null when they may. */
export function switchRefusal(
  subject: SwitchSubject | null,
  target: SwitchTarget,
  timing: SwitchTiming,
  now: Date,
): SwitchRefusal | null {
  if (!subject || subject.status === "past_due" || remainingSeconds(subject, now) === 0) return "not_subscriber";
  if (subject.prepaid) return "prepaid";
  if (target.planId === subject.planId) return "same_plan";
  if (subject.planChanges === false) return "processor_cannot_switch";
  if (target.priceMinor === null) return "not_sold_in_currency";
  if (subject.scheduledPlanId !== null) return "switch_pending";
  if (timing === "now" && target.priceMinor <= subject.priceMinor) return "not_an_upgrade";
  if (timing === "at_renewal" && !subject.autoRenew) return "renewal_off";
  return null;
}

/** How long a preview's price holds: a switch confirmed within it is prorated as of the preview. */
export const QUOTE_VALIDITY_MS = 10 * 60 * 1000;

/**
 * The moment a switch "now" is prorated at: the preview's, when the customer confirms within
 * QUOTE_VALIDITY_MS of it (so they pay exactly what they were shown), else now. A moment in the
 * future or older than that is not honoured (an old one would credit more unused time).
 */
export function prorationMoment(quotedAt: Date | undefined, now: Date): Date {
  if (!quotedAt || Number.isNaN(quotedAt.getTime())) return now;
  const age = now.getTime() - quotedAt.getTime();
  return age >= 0 && age <= QUOTE_VALIDITY_MS ? quotedAt : now;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** A plan's period as the sandbox counts it (the same 30.44-day month its payments use). */
export const sandboxPeriodMs = (months: number) => Math.round(months * 30.44 * DAY_MS);

/** What an upgrade now costs: the new plan's price less the unused part of the period paid for. */
export interface ProrationQuote {
  /** The unused share of the current period's price, given back as credit (minor units, rounded down). */
  creditMinor: number;
  /** What is charged now: the new plan's price less the credit, never below zero. */
  amountDueMinor: number;
  /** The new plan's period starts now and ends here. */
  periodEnd: Date;
}

/**
 * The sandbox's proration, as Stripe and Paddle do it for a change of billing interval: the unused
 * time of the current period is credited at the price paid for it, the new plan's period starts
 * now and is charged in full.
 */
export function prorationQuote(input: {
  currentPriceMinor: number;
  currentMonths: number;
  currentPeriodEnd: Date;
  targetPriceMinor: number;
  targetMonths: number;
  now: Date;
}): ProrationQuote {
  const length = sandboxPeriodMs(input.currentMonths);
  const unused = Math.min(Math.max(input.currentPeriodEnd.getTime() - input.now.getTime(), 0), length);
  const creditMinor = length > 0 ? Math.floor((input.currentPriceMinor * unused) / length) : 0;
  return {
    creditMinor,
    amountDueMinor: Math.max(0, input.targetPriceMinor - creditMinor),
    periodEnd: new Date(input.now.getTime() + sandboxPeriodMs(input.targetMonths)),
  };
}
