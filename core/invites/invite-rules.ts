/**
 * The pure rules of invite rewards (decision 047): who gets what, when it is final, and what
 * counts as inviting oneself. core/invites/invites.ts applies them to the database.
 */

export interface InviteSettings {
  /** Free time each side gets: months (day clamped to the month's end) plus days; both 0 = no rewards. */
  months: number;
  days: number;
  /** Inviter rewards per inviter in any 365 days (the friend's is never capped). */
  capPerYear: number;
  /** Days after the payment before a reward is final: the refund window, or the operator's delay. */
  delayDays: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const YEAR_MS = 365 * DAY_MS;

/** The delay: INVITE_REWARD_DELAY_DAYS when the operator set it, else the money-back window (none: 0). */
export function rewardDelayDays(operatorDelay: number | undefined | null, refundWindowDays: number | null): number {
  if (operatorDelay !== undefined && operatorDelay !== null) return operatorDelay;
  return refundWindowDays && refundWindowDays > 0 ? refundWindowDays : 0;
}

/** When a reward of a purchase paid at `paidAt` becomes final. */
export function rewardDueAt(paidAt: Date, delayDays: number): Date {
  return new Date(paidAt.getTime() + delayDays * DAY_MS);
}

/** The start of the rolling year the cap counts in. */
export function capWindowStart(now: Date): Date {
  return new Date(now.getTime() - YEAR_MS);
}

/**
 * An address as one person has it: lower case, trimmed, without a `+tag`, and for Gmail without
 * dots (googlemail.com is gmail.com), so `A.B+x@GMail.com` and `ab@gmail.com` are the same person.
 */
export function normaliseEmail(email: string | null): string | null {
  if (!email) return null;
  const trimmed = email.trim().toLowerCase();
  const at = trimmed.lastIndexOf("@");
  if (at <= 0) return trimmed;
  let local = trimmed.slice(0, at);
  let domain = trimmed.slice(at + 1);
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  if (domain === "googlemail.com") domain = "gmail.com";
  if (domain === "gmail.com") local = local.replaceAll(".", "");
  return `${local}@${domain}`;
}

export interface InviteParties {
  inviter: { id: number; email: string | null; fingerprints: readonly string[] };
  friend: { id: number; email: string | null; fingerprint: string | null };
}

/** Whether the friend is the inviter: the same account, the same address, or the same card (when known). */
export function isSelfInvite({ inviter, friend }: InviteParties): boolean {
  if (inviter.id === friend.id) return true;
  const inviterEmail = normaliseEmail(inviter.email);
  if (inviterEmail !== null && inviterEmail === normaliseEmail(friend.email)) return true;
  return friend.fingerprint !== null && inviter.fingerprints.includes(friend.fingerprint);
}

export type RewardRefusal =
  /** The operator gives no time (both settings 0). */
  | "off"
  /** The code names nobody (mistyped, or its account was deleted). */
  | "unknown_code"
  /** The friend is the inviter (decision 047). */
  | "self"
  /** The friend had paid before: only a first purchase earns a reward. */
  | "not_first_purchase";

export type RewardDecision =
  | { reward: false; refused: RewardRefusal }
  /** Both get time; the inviter's only while under the yearly cap. */
  | { reward: true; inviterCapped: boolean };

export interface RewardCase {
  settings: Pick<InviteSettings, "months" | "days" | "capPerYear">;
  /** The inviter and friend, or null when the code is unknown. */
  parties: InviteParties | null;
  /** The friend's paid orders (refunded ones included) before this one. */
  earlierPaidOrders: number;
  /** The inviter's rewards (pending or granted) in the last 365 days. */
  inviterRewardsThisYear: number;
}

/** What a friend's paid order earns. */
export function rewardDecision(input: RewardCase): RewardDecision {
  if (input.settings.months <= 0 && input.settings.days <= 0) return { reward: false, refused: "off" };
  if (!input.parties) return { reward: false, refused: "unknown_code" };
  if (isSelfInvite(input.parties)) return { reward: false, refused: "self" };
  if (input.earlierPaidOrders > 0) return { reward: false, refused: "not_first_purchase" };
  return { reward: true, inviterCapped: input.inviterRewardsThisYear >= input.settings.capPerYear };
}
