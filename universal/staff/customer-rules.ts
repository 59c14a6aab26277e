import type { CustomerSession, CustomerSubscription } from "./console-records";

/**
 * What the console offers on a customer's records (decision 058): plain rules the page follows and
 * the tests pin; the API decides again (the customer's own domain functions refuse the rest).
 */

/** Renewal can be turned off at the period end: a renewing subscription still running, not prepaid. */
export function canCancelRenewal(subscription: Pick<CustomerSubscription, "status" | "auto_renew" | "prepaid">) {
  return (
    subscription.auto_renew &&
    !subscription.prepaid &&
    (subscription.status === "active" || subscription.status === "past_due")
  );
}

/** A session's client in a few words ("Firefox · Linux · DE", or the app's name): never more. */
export function sessionClient(session: Pick<CustomerSession, "app_name" | "browser" | "os" | "country">): string {
  const program = session.browser ?? session.app_name;
  return [program, session.os, session.country].filter((part): part is string => Boolean(part)).join(" · ");
}
