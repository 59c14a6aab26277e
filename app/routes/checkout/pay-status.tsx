import { useCallback, useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { PageIntro } from "../../components/page-intro";
import { useT } from "../../i18n/translator";
import { track } from "../../lib/analytics-client";
import { useApi } from "../../lib/use-api";
import { useLocale } from "../../lib/use-page";
import { loadPage } from "../../routing/page-loader.server";
import type { Route } from "./+types/pay-status";

export function loader(args: Route.LoaderArgs) {
  return loadPage(args, "paystatus");
}

const POLL_MS = 2_000;
const GIVE_UP_MS = 60_000;
type State = "checking" | "failed" | "canceled" | "timeout" | "missing";

/** Polls the provider's purchase_result until a final state, then goes on to /paysuc. */
export default function PayStatusPage() {
  const t = useT("paystatus");
  const { to } = useLocale();
  const [params] = useSearchParams();
  const call = useApi();
  const [state, setState] = useState<State>("checking");
  const [round, setRound] = useState(0);
  const order = params.get("order");
  const provider = params.get("provider") ?? "ps";

  const check = useCallback(async () => {
    const answer = await call<{ value: { status: string; success: boolean } }>(
      "POST",
      `/api/mms/payment/v1/providers/${encodeURIComponent(provider)}/purchase_result`,
      { order_id: order },
    );
    return answer.value;
  }, [call, order, provider]);

  // `round` restarts the polling when the visitor asks to check again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: round is the retry trigger
  useEffect(() => {
    if (!order) {
      setState("missing");
      return;
    }
    let stopped = false;
    const started = Date.now();
    setState("checking");
    const tick = async () => {
      if (stopped) return;
      try {
        const value = await check();
        if (value.success) {
          // Sent with the page-hide beacon as the browser leaves for /paysuc.
          track("purchase", { order_id: order });
          window.location.assign(`${to("/paysuc")}?order=${encodeURIComponent(order)}`);
          return;
        }
        if (value.status === "failed") return setState("failed");
        if (value.status === "canceled") return setState("canceled");
      } catch {
        return setState("missing");
      }
      if (Date.now() - started > GIVE_UP_MS) return setState("timeout");
      setTimeout(tick, POLL_MS);
    };
    void tick();
    return () => {
      stopped = true;
    };
  }, [order, check, to, round]);

  return (
    <div className="w-full max-w-lg text-center">
      <PageIntro />
      <div className="mt-6 flex flex-col items-center gap-4" role="status" aria-live="polite">
        {state === "checking" ? <p>{t("checking")}</p> : null}
        {state === "timeout" ? (
          <>
            <p>{t("timeout")}</p>
            <button
              type="button"
              onClick={() => setRound(round + 1)}
              className="rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white"
            >
              {t("retry")}
            </button>
          </>
        ) : null}
        {state === "failed" || state === "canceled" || state === "missing" ? (
          <>
            <p>{t(state)}</p>
            <Link to={to("/pricing")} className="rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white">
              {t("tryAgain")}
            </Link>
          </>
        ) : null}
      </div>
    </div>
  );
}
