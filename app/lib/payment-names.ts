import { PROVIDER_CODES } from "../../core/billing/providers/payment-provider";
import { type DurationUnit, formatDuration } from "../i18n/format";
import type { Locale } from "../i18n/locales";

/**
 * A plan's length as a customer says it: whole years as years ("2 years", "2 Jahre"), anything
 * else in months ("1 month", "6 Monate"). Plan ids such as `1-year` are never shown.
 */
export function planLength(months: number): { count: number; unit: DurationUnit } {
  return months >= 12 && months % 12 === 0 ? { count: months / 12, unit: "year" } : { count: months, unit: "month" };
}

/** "1 year", "1 Jahr", "سنة", "1 年": the locale's own plural rules through Intl. */
export function planName(months: number, locale: Locale): string {
  const { count, unit } = planLength(months);
  return formatDuration(count, unit, locale);
}

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
