import type { TrustFacts } from "../../../content/trust";
import { formatNumber } from "../../../universal/i18n/format";
import { hasTrustFacts } from "../../content/trust";
import { useT } from "../../i18n/translator";
import { useLocale } from "../../lib/use-page";
import { Section } from "./sections";

/**
 * Ratings and press coverage from content/trust.ts, each linked to its proof. Renders nothing
 * while the operator has listed none.
 */
export function TrustedBy({ facts }: { facts: TrustFacts }) {
  const t = useT("home");
  const { locale } = useLocale();
  if (!hasTrustFacts(facts)) return null;
  return (
    <Section id="trust" title={t("trust.title")}>
      {facts.ratings.length > 0 && (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {facts.ratings.map((entry) => {
            const rating = formatNumber(entry.rating, locale, { maximumFractionDigits: 1 });
            return (
              <li key={entry.url} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                <a href={entry.url} rel="noopener" className="group block">
                  <span aria-hidden="true" className="block text-4xl font-bold text-ink-900">
                    {rating}
                    <span className="text-xl text-slate-600"> / 5</span>
                  </span>
                  <span className="mt-2 block font-semibold text-brand-700 group-hover:underline">
                    {t("trust.rating", { rating, source: entry.source })}
                  </span>
                </a>
              </li>
            );
          })}
        </ul>
      )}
      {facts.press.length > 0 && (
        <div className={facts.ratings.length > 0 ? "mt-10" : undefined}>
          <h3 className="text-lg font-bold">{t("trust.press")}</h3>
          <ul className="mt-4 flex flex-wrap gap-x-8 gap-y-3">
            {facts.press.map((entry) => (
              <li key={entry.url}>
                <a
                  href={entry.url}
                  rel="noopener"
                  className="text-lg font-semibold text-slate-700 underline hover:text-brand-700"
                >
                  {entry.name}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Section>
  );
}
