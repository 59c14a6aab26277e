/**
 * The account's door to the processor's payment-method page, without the language prefix. The
 * failed-renewal mail links here, and the server asks the processor for a fresh page on each
 * visit, so the mail's link never goes stale (a Stripe portal session lasts minutes).
 */
export const PAYMENT_METHOD_PATH = "/myaccount/payment-method";

export const paymentMethodPath = (subscriptionId: number): string =>
  `${PAYMENT_METHOD_PATH}?subscription=${subscriptionId}`;
