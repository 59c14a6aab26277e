import { useCallback, useEffect, useState } from "react";
import { apiErrorKey, apiFieldErrors, useApi } from "../../lib/use-api";
import type { PlanItem } from "../pricing/use-plans";

/** The server's price of a plan with a coupon (GET /api/mms/payment/v1/coupons/quote). */
export interface CouponQuote {
  code: string;
  plan_id: string;
  currency: string;
  list_minor: number;
  discount_minor: number;
  amount_minor: number;
  percent_off: number | null;
}

export const COUPON_QUOTE_PATH = "/api/mms/payment/v1/coupons/quote";

/**
 * The checkout's coupon: the code typed (first from `?coupon=`, else a running promotion's), the server's quote for the chosen
 * plan (asked again when the plan or currency changes) or why the code does not apply, as a
 * `forms` key shown next to the field. The purchase sends only a quoted code, so the price paid is
 * the price shown.
 */
export function useCoupon(plan: PlanItem | undefined, initialCode: string, automatic?: string | null) {
  const call = useApi();
  const [input, setInput] = useState(initialCode);
  const [requested, setRequested] = useState({ code: initialCode.trim(), attempt: 0 });
  const [quote, setQuote] = useState<CouponQuote>();
  const [error, setError] = useState<string>();
  const [checking, setChecking] = useState(false);
  const planId = plan?.id;
  const currency = plan?.currency;
  const pricedAs = `${planId}/${currency}`;
  // "removed" by the buyer, or the plan and currency the automatic coupon does not apply to.
  const [automaticOff, setAutomaticOff] = useState<string | null>(null);

  // A running promotion's coupon (decision 057) fills the field when the link named none: the
  // server applies it to a purchase naming no coupon, so the page prices it first. Where it does
  // not apply (another plan, a first purchase only), it quietly steps aside.
  useEffect(() => {
    if (!automatic || initialCode.trim() || requested.code || !planId) return;
    if (automaticOff === "removed" || automaticOff === pricedAs) return;
    setInput(automatic);
    setRequested((before) => ({ code: automatic, attempt: before.attempt + 1 }));
  }, [automatic, initialCode, requested.code, planId, automaticOff, pricedAs]);

  useEffect(() => {
    if (!requested.code || !planId || !currency) {
      setQuote(undefined);
      return;
    }
    let current = true;
    setChecking(true);
    const query = new URLSearchParams({ code: requested.code, plan_id: planId, currency });
    call<{ quote: CouponQuote }>("GET", `${COUPON_QUOTE_PATH}?${query}`)
      .then((answer) => {
        if (!current) return;
        setQuote(answer.quote);
        setError(undefined);
      })
      .catch((failure: unknown) => {
        if (!current) return;
        setQuote(undefined);
        if (requested.code === automatic) {
          setAutomaticOff(`${planId}/${currency}`);
          setInput("");
          setRequested((before) => ({ code: "", attempt: before.attempt + 1 }));
          setError(undefined);
          return;
        }
        setError(apiFieldErrors(failure).coupon ?? apiErrorKey(failure));
      })
      .finally(() => {
        if (current) setChecking(false);
      });
    return () => {
      current = false;
    };
  }, [requested, planId, currency, call, automatic]);

  const apply = useCallback(() => {
    const code = input.trim();
    if (!code) {
      setError("coupon.empty");
      return;
    }
    setRequested((before) => ({ code, attempt: before.attempt + 1 }));
  }, [input]);

  const remove = useCallback(() => {
    setAutomaticOff("removed");
    setInput("");
    setRequested((before) => ({ code: "", attempt: before.attempt + 1 }));
    setQuote(undefined);
    setError(undefined);
  }, []);

  /** The purchase refused the code after all (used up meanwhile, or not a first purchase). */
  const refused = useCallback((key: string) => {
    setQuote(undefined);
    setError(key);
  }, []);

  const edit = useCallback((value: string) => {
    setInput(value);
    setError(undefined);
  }, []);

  // A quote is for one plan and currency: while the next one is asked for, there is none.
  const applied = quote && quote.plan_id === planId && quote.currency === currency ? quote : undefined;
  /** A code is typed but not yet priced: paying now would not charge what is shown. */
  const unpriced = input.trim() !== "" && !applied;
  return { input, edit, apply, remove, refused, quote: applied, error, checking, unpriced };
}

export type CouponState = ReturnType<typeof useCoupon>;
