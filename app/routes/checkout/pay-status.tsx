import { useCallback, useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import type { PurchaseResult } from "../../../universal/billing/purchase-result";
import { localizePath } from "../../../universal/i18n/locales";
import { useT } from "../../i18n/translator";
import { track } from "../../lib/analytics-gate";
import { ApiError } from "../../lib/api";
import { nextPollDelay } from "../../lib/purchase-polling";
import { checkoutAgainPath, purchaseResultPath, successPath } from "../../lib/purchase-result";
import { useApi } from "../../lib/use-api";
import { useLocale } from "../../lib/use-page";
import { loadPage } from "../../routing/page-loader.server";
import type { Route } from "./+types/pay-status";

export function loader(args: Route.LoaderArgs) {
  return loadPage(args, "paystatus");
}

type State = "checking" | "failed" | "canceled" | "timeout" | "missing";

const BUTTON = "rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-600";
const SECONDARY = "rounded-lg border border-slate-400 px-5 py-2.5 font-semibold hover:bg-slate-50";

/**
 * Polls the provider's purchase_result with backoff (app/lib/purchase-polling.ts) until a final
 * state, then goes on to /paysuc; after about two minutes it stops and says so.
 */
export default function PayStatusPage() {
  const t = useT("paystatus");
  const { to, locale } = useLocale();
  const [params] = useSearchParams();
  const call = useApi();
  const [state, setState] = useState<State>("checking");
  const [result, setResult] = useState<PurchaseResult>();
  const [round, setRound] = useState(0);
  const order = params.get("order");
  const provider = params.get("provider") ?? "ps";
  // The processor's cancel address: the buyer left its page without paying.
  const left = params.get("left") === "1";

  const check = useCallback(async () => {
    const answer = await call<{ value: PurchaseResult }>("POST", purchaseResultPath(provider), { order_id: order });
    return answer.value;
  }, [call, order, provider]);

  // `round` restarts the polling when the visitor asks to check again. Every dependency is stable
  // across renders (`to` is not: a new function each render would restart the polling each time).
  // biome-ignore lint/correctness/useExhaustiveDependencies: round is the retry trigger
  useEffect(() => {
    if (!order) {
      setState("missing");
      return;
    }
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    setState("checking");
    const tick = async () => {
      if (stopped) return;
      try {
        const value = await check();
        if (stopped) return;
        setResult(value);
        if (value.success) {
          // Sent with the page-hide beacon as the browser leaves for /paysuc.
          track("purchase", { order_id: order });
          window.location.assign(localizePath(successPath(order, provider), locale));
          return;
        }
        if (value.status === "failed") return setState("failed");
        if (value.status === "canceled" || (left && value.status === "pending")) return setState("canceled");
      } catch (failure) {
        if (stopped) return;
        // Not this buyer's order, or none: asking again will not change that.
        if (failure instanceof ApiError && failure.status === 404) return setState("missing");
        // A network blip: the next check may get through.
      }
      const delay = nextPollDelay(attempt++);
      if (delay === null) return setState("timeout");
      timer = setTimeout(tick, delay);
    };
    void tick();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [order, check, locale, round, left, provider]);

  return (
    <section className="mx-auto flex w-full max-w-xl flex-col items-center px-4 py-16 text-center">
      <div role="status" aria-live="polite" className="flex flex-col items-center gap-4">
        <h1 className="text-balance text-3xl font-bold tracking-tight sm:text-4xl">{t(`${state}.heading`)}</h1>
        <p className="text-lg text-slate-700">{t(`${state}.text`)}</p>
        {state === "checking" ? (
          <span
            aria-hidden="true"
            className="mt-2 size-8 animate-spin rounded-full border-4 border-slate-200 border-t-brand-700"
          />
        ) : null}
      </div>
      {order && state !== "checking" ? (
        <p className="mt-4 text-sm text-slate-600">
          {t("order")}{" "}
          <bdi dir="ltr" className="font-mono">
            {order}
          </bdi>
        </p>
      ) : null}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {state === "timeout" ? (
          <>
            <button type="button" onClick={() => setRound(round + 1)} className={BUTTON}>
              {t("retry")}
            </button>
            <Link to={to("/myaccount")} className={SECONDARY}>
              {t("account")}
            </Link>
          </>
        ) : null}
        {state === "failed" || state === "canceled" ? (
          <Link to={to(checkoutAgainPath(result))} className={BUTTON}>
            {t("tryAgain")}
          </Link>
        ) : null}
        {state === "missing" ? (
          <>
            <Link to={to("/pricing")} className={BUTTON}>
              {t("choosePlan")}
            </Link>
            <Link to={to("/contact-us")} className={SECONDARY}>
              {t("contact")}
            </Link>
          </>
        ) : null}
      </div>
    </section>
  );
}
