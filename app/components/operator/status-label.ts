import type { TFunction } from "../../i18n/translator";

/**
 * An order's status as staff read it (`statuses.order.*`: pending, active, refunded, failed,
 * canceled, core/billing/orders.ts); a status the catalogue lacks shows as its code.
 */
export const orderStatusLabel = (t: TFunction, status: string) =>
  t(`statuses.order.${status}`, { defaultValue: status });

/** A subscription's status (`statuses.subscription.*`, `SubscriptionStatus` of core/billing/subscription-state.ts). */
export const subscriptionStatusLabel = (t: TFunction, status: string) =>
  t(`statuses.subscription.${status}`, { defaultValue: status });
