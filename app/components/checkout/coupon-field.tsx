import { formatPrice } from "../../../universal/i18n/format";
import { useT } from "../../i18n/translator";
import { useLocale } from "../../lib/use-page";
import { Field } from "../forms/field";
import type { CouponState } from "./use-coupon";

/** The checkout's coupon code: type it and apply it, see what it saves, or why it does not apply. */
export function CouponField({ coupon }: { coupon: CouponState }) {
  const t = useT("pricing");
  const { locale } = useLocale();
  const { quote } = coupon;
  if (quote) {
    return (
      <div className="mt-4 flex flex-wrap items-center justify-between gap-2 rounded-lg bg-emerald-50 p-3 text-sm">
        <p role="status" className="text-emerald-900">
          {t("checkout.coupon.applied", {
            code: `\u2068${quote.code}\u2069`,
            amount: `\u2066${formatPrice(quote.discount_minor, quote.currency, locale)}\u2069`,
          })}
        </p>
        <button
          type="button"
          onClick={coupon.remove}
          className="rounded px-2 py-1 font-medium text-brand-700 underline hover:text-brand-600"
        >
          {t("checkout.coupon.remove")}
        </button>
      </div>
    );
  }
  return (
    <div className="mt-4 flex items-start gap-2" data-coupon>
      <div className="min-w-0 flex-1">
        <Field
          label={t("checkout.coupon.label")}
          name="coupon"
          dir="ltr"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          value={coupon.input}
          onChange={(event) => coupon.edit(event.target.value)}
          onKeyDown={(event) => {
            // Enter applies the code here; it must not submit the payment form.
            if (event.key === "Enter") {
              event.preventDefault();
              coupon.apply();
            }
          }}
          error={coupon.error}
        />
      </div>
      {/* mt-6: level with the input, under the one-line label (text-sm + gap-1), whatever error shows below. */}
      <button
        type="button"
        onClick={coupon.apply}
        disabled={coupon.checking}
        className="mt-6 shrink-0 rounded-lg border border-brand-700 px-4 py-2.5 text-base font-medium text-brand-700 hover:bg-brand-50 disabled:opacity-60"
      >
        {coupon.checking ? t("checkout.coupon.checking") : t("checkout.coupon.apply")}
      </button>
    </div>
  );
}
