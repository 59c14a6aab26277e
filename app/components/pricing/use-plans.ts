import { startTransition, useEffect, useState } from "react";
import type { PlanItem } from "../../../core/billing/catalogue";
import { WEB_APP_TYPE } from "../../lib/api";
import { visitorGeo } from "../../lib/geo";

export type { PlanItem };

export const CURRENCY_CHOICES = ["USD", "AUD", "CAD", "GBP"] as const;

/** The plans in the visitor's currency (from their country), or in the one they pick. */
export function usePlans(chosenCurrency?: string) {
  const [state, setState] = useState<{
    plans: PlanItem[];
    discount: string;
    currency: string;
    country?: string;
  } | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    (async () => {
      const geo = await visitorGeo();
      const query = chosenCurrency
        ? `currency=${chosenCurrency}`
        : geo?.country_code
          ? `country=${geo.country_code}`
          : "";
      const response = await fetch(`/api/mms/payment/v1/providers/plans?${query}`, {
        headers: { "X-App-Type": WEB_APP_TYPE },
      });
      const { data } = (await response.json()) as {
        data: { plans: PlanItem[]; discount_percent: string; currency: string };
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
          }),
        );
    })().catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [chosenCurrency]);
  return { data: state, failed };
}
