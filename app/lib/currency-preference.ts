import { CURRENCIES, type Currency } from "../../universal/billing/currencies";
import { cookieText } from "./cookies";

/**
 * The currency a visitor pays in. A currency they chose is remembered in a cookie: a functional
 * preference they set themselves, treated like the locale cookie (no consent needed, decision
 * 015). Without one, the server prices in their country's currency.
 */

/** The currencies of SPEC §3 (universal/billing/currencies.ts), in its order. */
export const CURRENCY_CHOICES = Object.keys(CURRENCIES) as Currency[];
export type CurrencyChoice = Currency;

export const CURRENCY_COOKIE = "currency";
export const CURRENCY_COOKIE_MAX_AGE_DAYS = 365;

export function isCurrencyChoice(value: string | null | undefined): value is CurrencyChoice {
  return value != null && (CURRENCY_CHOICES as readonly string[]).includes(value);
}

/**
 * What to ask the plans API for: the currency in the link (a plan chosen in a currency keeps it),
 * else the remembered choice, else the visitor's country (the server maps it), else nothing (the
 * server looks the country up from the address).
 */
export function plansQuery(input: {
  linked?: string | null;
  remembered?: string | null;
  countryCode?: string | null;
}): string {
  if (isCurrencyChoice(input.linked)) return `currency=${input.linked}`;
  if (isCurrencyChoice(input.remembered)) return `currency=${input.remembered}`;
  if (input.countryCode && /^[A-Za-z]{2}$/.test(input.countryCode)) return `country=${input.countryCode}`;
  return "";
}

/**
 * The `Set-Cookie` that remembers a currency chosen in a page's address (/pricing?currency=GBP,
 * what the currency form sends), so visitors without JavaScript keep it too; null when the
 * address names no currency we sell in.
 */
export function rememberedCurrencyCookie(pageUrl: string, secure: boolean): string | null {
  const chosen = new URL(pageUrl).searchParams.get("currency");
  return isCurrencyChoice(chosen) ? cookieText(CURRENCY_COOKIE, chosen, CURRENCY_COOKIE_MAX_AGE_DAYS, secure) : null;
}
