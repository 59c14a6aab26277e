import { useT } from "../../i18n/translator";
import { useClaimTexts } from "../../lib/claim-texts";
import type { PlanItem } from "../pricing/use-plans";
import { CheckoutSummaryLines } from "./checkout-summary";
import { CouponField } from "./coupon-field";
import type { CouponState } from "./use-coupon";

/** The checkout's side panel: the order summary, the coupon, what blocks or failed, and the pay button. */
export function OrderAside({
  plan,
  coupon,
  blocked,
  error,
  busy,
  canPay,
  needCode,
}: {
  plan: PlanItem | undefined;
  coupon: CouponState;
  /** Purchases are not offered in the visitor's country. */
  blocked: boolean;
  /** A `forms` catalogue key for the last failure. */
  error: string | undefined;
  busy: boolean;
  canPay: boolean;
  needCode: boolean;
}) {
  const t = useT("pricing");
  const tf = useT("forms");
  // The operator's promise (content/claims.ts), or nothing when none is made.
  const { moneyBackSentence } = useClaimTexts();
  return (
    <aside className="h-fit rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 className="text-lg font-semibold">{t("checkout.summary")}</h2>
      {plan ? <CheckoutSummaryLines plan={plan} coupon={coupon.quote} /> : null}
      {plan ? <CouponField coupon={coupon} /> : null}
      {blocked ? (
        <p role="alert" className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          {t("checkout.china")}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {tf(error)}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={busy || !canPay}
        aria-disabled={blocked}
        className="mt-4 w-full rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-600 disabled:opacity-60"
      >
        {busy ? tf("sending") : needCode ? t("checkout.confirmCode") : t("checkout.pay")}
      </button>
      {moneyBackSentence ? <p className="mt-3 text-xs text-slate-600">{moneyBackSentence}</p> : null}
    </aside>
  );
}
