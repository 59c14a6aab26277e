import { PROVIDER_CODES } from "../../universal/billing/provider-codes";

/**
 * The catalogue key naming how a customer paid: the same names the checkout's provider choice
 * shows (`pricing` namespace), so the account says what the customer picked. Codes (s1, pd…)
 * are never shown; an unknown one gets a neutral name.
 */
export function providerNameKey(code: string): string {
  return (PROVIDER_CODES as readonly string[]).includes(code)
    ? `pricing:checkout.providers.${code}`
    : "myaccount:subscription.providerOther";
}
