/**
 * Pages where someone is in the middle of a task (or lost): no popup interrupts them. Its own
 * module so the app shell can ask without loading the promotions (promotion-flow.ts).
 */
const QUIET_PAGES = new Set([
  "checkout",
  "paystatus",
  "paysuc",
  "login",
  "myaccount",
  "receipt",
  "forgetpassword",
  "resetpassword",
  "redeem",
  "redirect",
  "not-found",
]);

export function popupsAllowedOn(pageKey: string | undefined): pageKey is string {
  return pageKey !== undefined && !QUIET_PAGES.has(pageKey);
}
