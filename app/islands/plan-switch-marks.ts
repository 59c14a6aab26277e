import { setBusyOverlay } from "../lib/loading-overlay";
import { planSwitchLink } from "../lib/plan-switch-link";
import { readUserInfo } from "../lib/user-info";

/** What the plan switcher's status call answers, as far as /pricing needs it. */
interface SwitchStatus {
  code: number;
  data?: { subscription: { plan_id: string } | null; choices: Array<{ plan_id: string }> } | null;
}

const PLAN_SWITCH_PATH = "/api/mms/payment/v1/web/plan_switch";
const CURRENT_PLAN_CLASS =
  "block rounded-lg border-2 border-brand-700 bg-white px-4 py-2 text-center font-semibold text-brand-700 hover:bg-slate-50";

/**
 * On /pricing, for a signed-in subscriber (decision 037): their plan's button says "Your plan" and
 * leads to the account's plan card; the others say "Switch to this plan" and lead there with the
 * plan chosen. Without JavaScript, or for anyone else, the buttons stay "Choose" (checkout).
 * The words come from the server's HTML (`data-plan-switch`).
 */
export async function markSubscriberPlans(doc: Document = document): Promise<void> {
  const texts = doc.querySelector<HTMLElement>("[data-plan-switch]");
  if (!texts || !readUserInfo()) return;
  // Each plan's button waits for the answer under the loading overlay (SPEC §4).
  const actions = [...doc.querySelectorAll<HTMLElement>("[data-plan-action]")];
  for (const action of actions) setBusyOverlay(action, true);
  let status: SwitchStatus;
  try {
    const response = await fetch(PLAN_SWITCH_PATH, { credentials: "same-origin", headers: { "X-App-Type": "501" } });
    if (!response.ok) return;
    status = (await response.json()) as SwitchStatus;
  } catch {
    return;
  } finally {
    for (const action of actions) setBusyOverlay(action, false);
  }
  const current = status.data?.subscription?.plan_id;
  if (status.code !== 200 || !current) return;
  const account = texts.dataset.account ?? "/myaccount";
  const offered = new Set((status.data?.choices ?? []).map((choice) => choice.plan_id));
  for (const action of actions) {
    const planId = action.dataset.planAction ?? "";
    const link = action.querySelector("a");
    if (!link) continue;
    if (planId === current) {
      link.textContent = texts.dataset.yourPlan ?? "";
      link.href = planSwitchLink(account);
      link.className = CURRENT_PLAN_CLASS;
      link.setAttribute("aria-current", "true");
    } else if (offered.has(planId)) {
      link.textContent = texts.dataset.switchTo ?? "";
      link.href = planSwitchLink(account, planId);
    }
  }
}
