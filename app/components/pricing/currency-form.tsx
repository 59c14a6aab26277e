import { useT } from "../../i18n/translator";
import { CURRENCY_CHOICES } from "../../lib/currency-preference";

/**
 * The currency choice as a plain GET form: /pricing?currency=GBP reloads the page priced in it
 * and the server remembers the choice. The "prices" island submits it on change and hides the
 * button (app/islands/prices.island.ts finds them by their data attributes).
 */
export function CurrencyForm({ action, currency }: { action: string; currency: string }) {
  const t = useT("pricing");
  return (
    <form method="get" action={action} className="flex flex-wrap items-center justify-end gap-2" data-currency-form="">
      <label className="flex items-center gap-2 text-sm">
        {t("currency")}
        <select
          name="currency"
          defaultValue={currency}
          className="rounded-lg border border-slate-400 bg-white px-2 py-1.5"
        >
          {CURRENCY_CHOICES.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </select>
      </label>
      <button
        type="submit"
        className="rounded-lg border border-brand-700 px-3 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50"
        data-currency-submit=""
      >
        {t("currencySubmit")}
      </button>
    </form>
  );
}
