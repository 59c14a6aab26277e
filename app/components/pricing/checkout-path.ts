/**
 * Where a plan card's button leads: the plan's checkout in the page's language, priced in the
 * currency the card showed (a plan chosen in a currency keeps it).
 */
export function checkoutPath(to: (rest: string) => string, planId: string, currency: string): string {
  return `${to(`/pricing/checkout/${encodeURIComponent(planId)}`)}?currency=${encodeURIComponent(currency)}`;
}
