import { startTransition, useEffect, useState } from "react";
import type { PlanItem } from "../../../universal/billing/plan-item";
import { visitSourceHeaders, WEB_APP_TYPE } from "../../lib/api";
import { readCookie, writeCookie } from "../../lib/cookies";
import {
  CURRENCY_CHOICES,
  CURRENCY_COOKIE,
  CURRENCY_COOKIE_MAX_AGE_DAYS,
  isCurrencyChoice,
  plansQuery,
} from "../../lib/currency-preference";
import { visitorGeo } from "../../lib/geo";

export type { PlanItem };
export { CURRENCY_CHOICES };

/** Remembers the currency a visitor picked, for every later page and visit. */
export function rememberCurrency(currency: string): void {
  if (isCurrencyChoice(currency)) writeCookie(CURRENCY_COOKIE, currency, CURRENCY_COOKIE_MAX_AGE_DAYS);
}

/**
 * The plans in the currency the visitor picks now (or the link carries), else the one they picked
 * before (cookie), else their country's.
 */
export function usePlans(chosenCurrency?: string) {
  const [state, setState] = useState<{
    plans: PlanItem[];
    discount: string;
    currency: string;
    country?: string;
    /** ISO 3166 alpha-2, when the visitor's address was placed: which ways to pay serve them. */
    countryCode?: string;
    /** The coupon a running promotion applies (decision 057): the checkout prices it. */
    autoCoupon?: string | null;
  } | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    (async () => {
      const geo = await visitorGeo();
      const query = plansQuery({
        linked: chosenCurrency,
        remembered: readCookie(CURRENCY_COOKIE),
        countryCode: geo?.country_code,
      });
      const response = await fetch(`/api/mms/payment/v1/providers/plans?${query}`, {
        headers: { "X-App-Type": WEB_APP_TYPE, ...visitSourceHeaders() },
      });
      const { data } = (await response.json()) as {
        data: { plans: PlanItem[]; discount_percent: string; currency: string; auto_coupon?: string | null };
      };
      // A transition: filling in the prices re-renders the page, and that render may yield to
      // input instead of blocking the main thread in one piece.
      if (live)
        startTransition(() =>
          setState({
            plans: data.plans,
            discount: data.discount_percent,
            currency: data.currency,
            country: geo?.country,
            countryCode: geo?.country_code,
            autoCoupon: data.auto_coupon ?? null,
          }),
        );
    })().catch((error) => {
      // SPEC §8: a failed price lookup is logged; the visitor sees the "could not load" line.
      console.warn("Price lookup failed:", error);
      if (live) setFailed(true);
    });
    return () => {
      live = false;
    };
  }, [chosenCurrency]);
  return { data: state, failed };
}
