import { localDigits } from "../../../universal/i18n/digits";
import { formatDuration, formatPrice } from "../../../universal/i18n/format";
import { useT } from "../../i18n/translator";
import { useLocale } from "../../lib/use-page";
import { showsSaving } from "../pricing/shows-saving";
import type { PlanItem } from "../pricing/use-plans";
import type { CouponQuote } from "./use-coupon";

/** The checkout's order summary: list price, saving, a coupon, today's total and how it renews. */
export function CheckoutSummaryLines({ plan, coupon }: { plan: PlanItem; coupon?: CouponQuote }) {
  const t = useT("pricing");
  const { locale } = useLocale();
  const price = (amount: number) => formatPrice(Math.round(amount * 100), plan.currency, locale);
  // The coupon's discount holds for every renewal (decision 034), so the renewal line quotes it too.
  const total = coupon ? formatPrice(coupon.amount_minor, plan.currency, locale) : price(plan.price_amount);
  return (
    <>
      <dl className="mt-3 grid grid-cols-[1fr_auto] gap-y-2 text-sm">
        <dt>{formatDuration(plan.months, "month", locale)}</dt>
        <dd>
          <bdi dir="ltr">{price(plan.price_discount_amount)}</bdi>
        </dd>
        {showsSaving(plan.discount_percent) ? (
          <>
            <dt>{t("save", { percent: localDigits(plan.discount_percent, locale) })}</dt>
            <dd>
              <bdi dir="ltr">-{price(plan.price_deduction_amount)}</bdi>
            </dd>
          </>
        ) : null}
        {coupon ? (
          <>
            {/* First-strong isolates (U+2068…U+2069): the code reads left to right inside any sentence. */}
            <dt>{t("checkout.coupon.line", { code: `\u2068${coupon.code}\u2069` })}</dt>
            <dd>
              <bdi dir="ltr">-{formatPrice(coupon.discount_minor, plan.currency, locale)}</bdi>
            </dd>
          </>
        ) : null}
        <dt className="font-semibold">{t("checkout.totalToday")}</dt>
        <dd className="font-semibold" data-total>
          <bdi dir="ltr">
            {total} {plan.currency}
          </bdi>
        </dd>
      </dl>
      <p className="mt-3 text-xs text-slate-600">
        {plan.months === 1
          ? t("checkout.renewalOne", { price: total })
          : t("checkout.renewal", { price: total, months: plan.months })}
      </p>
    </>
  );
}
