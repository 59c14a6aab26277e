import type { PaymentEnvironment, ProviderEvent } from "./providers/payment-provider";

/** The order fields an event must agree with before it may move the order's subscription. */
export interface OrderTerms {
  processor: string;
  environment: string;
  amount: number;
  currency: string;
  planId: string;
}

/**
 * Why a verified event must not apply to its order, or null when it may: it came from another
 * processor or environment (a test event for a live order), or it reports a payment of another
 * amount, currency or plan than the order was created for. Signatures prove who sent an event,
 * not that it is about what we sold.
 */
export function eventMismatch(
  order: OrderTerms,
  processor: string,
  event: ProviderEvent,
  /** A plan switch's terms (decision 037): renewals on the switched-to plan charge its price. */
  switched: ReadonlyArray<{ planId: string; amount: number }> = [],
): string | null {
  if (processor !== order.processor) return `processor ${processor} is not the order's (${order.processor})`;
  if (event.environment !== (order.environment as PaymentEnvironment)) {
    return `environment ${event.environment} is not the order's (${order.environment})`;
  }
  if (event.event.type !== "payment_succeeded") return null;
  const charge = event.charge;
  if (!charge) return "a payment without its amount";
  if (charge.currency.toUpperCase() !== order.currency.toUpperCase()) {
    return `currency ${charge.currency} is not the order's (${order.currency})`;
  }
  if (
    switched.some((terms) => terms.amount === charge.amountMinor && (charge.planId ?? terms.planId) === terms.planId)
  ) {
    return null;
  }
  if (charge.amountMinor !== order.amount) return `amount ${charge.amountMinor} is not the order's (${order.amount})`;
  if (charge.planId !== undefined && charge.planId !== order.planId) {
    return `plan ${charge.planId} is not the order's (${order.planId})`;
  }
  return null;
}
