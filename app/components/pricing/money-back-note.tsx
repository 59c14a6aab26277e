import { useT } from "../../i18n/translator";
import { joinSentences, useClaimTexts } from "../../lib/claim-texts";
import { useLocale } from "../../lib/use-page";

/** Under the plans: the money-back promise while the operator makes it, and that plans can be cancelled. */
export function MoneyBackNote() {
  const t = useT("pricing");
  const { locale } = useLocale();
  const { moneyBackSentence } = useClaimTexts();
  return (
    <p className="mt-6 text-center text-sm text-slate-700">{joinSentences(locale, moneyBackSentence, t("cancel"))}</p>
  );
}
