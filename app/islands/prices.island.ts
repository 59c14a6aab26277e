import { showInviteOffer } from "./invite-offer";
import { markSubscriberPlans } from "./plan-switch-marks";

/**
 * The pricing page's currency form (decision 031): without JavaScript the visitor picks a
 * currency and presses the button (a GET to /pricing?currency=…, which the server remembers);
 * with it, picking is enough. A subscriber's plan is marked and the others offer a switch
 * (plan-switch-marks.ts, decision 037).
 */
for (const form of document.querySelectorAll<HTMLFormElement>("form[data-currency-form]")) {
  const select = form.querySelector<HTMLSelectElement>('select[name="currency"]');
  if (!select) continue;
  for (const button of form.querySelectorAll<HTMLElement>("[data-currency-submit]")) button.hidden = true;
  select.addEventListener("change", () => form.requestSubmit());
}

void markSubscriberPlans();
showInviteOffer();
