import { localDigits } from "../../../universal/i18n/digits";
import { formatDuration, formatPrice } from "../../../universal/i18n/format";
import { useT } from "../../i18n/translator";
import { useLocale } from "../../lib/use-page";
import { showsSaving } from "../pricing/shows-saving";
import type { PlanItem } from "../pricing/use-plans";

/** The checkout's order summary: list price, saving, today's total and how it renews. */
export function CheckoutSummaryLines({ plan }: { plan: PlanItem }) {
  const t = useT("pricing");
  const { locale } = useLocale();
  const price = (amount: number) => formatPrice(Math.round(amount * 100), plan.currency, locale);
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
        <dt className="font-semibold">{t("checkout.totalToday")}</dt>
        <dd className="font-semibold">
          <bdi dir="ltr">
            {price(plan.price_amount)} {plan.currency}
          </bdi>
        </dd>
      </dl>
      <p className="mt-3 text-xs text-slate-600">
        {plan.months === 1
          ? t("checkout.renewalOne", { price: price(plan.price_amount) })
          : t("checkout.renewal", { price: price(plan.price_amount), months: plan.months })}
      </p>
    </>
  );
}
