/**
 * Where /pricing sends a subscriber who picks another plan (decision 037): the account's plan card,
 * with the plan chosen. The pricing island writes these links and the card reads the parameter.
 */
export const SWITCH_PLAN_PARAM = "switch";
export const PLAN_SWITCH_ANCHOR = "plan-switch";

export function planSwitchLink(accountPath: string, planId?: string): string {
  const query = planId ? `?${SWITCH_PLAN_PARAM}=${encodeURIComponent(planId)}` : "";
  return `${accountPath}${query}#${PLAN_SWITCH_ANCHOR}`;
}
