import { useState } from "react";
import { Link } from "react-router";
import { PageIntro } from "../components/page-intro";
import { MoneyBackNote } from "../components/pricing/money-back-note";
import { PlanCards } from "../components/pricing/plan-cards";
import { showsSaving } from "../components/pricing/shows-saving";
import { CURRENCY_CHOICES, rememberCurrency, usePlans } from "../components/pricing/use-plans";
import { useT } from "../i18n/translator";
import { useClaimTexts } from "../lib/claim-texts";
import { useLocale } from "../lib/use-page";
import { loadPage } from "../routing/page-loader.server";
import type { Route } from "./+types/pricing";

export function loader(args: Route.LoaderArgs) {
  return loadPage(args, "pricing");
}

export default function PricingPage() {
  const t = useT("pricing");
  const { to } = useLocale();
  const [currency, setCurrency] = useState<string>();
  const { data, failed } = usePlans(currency);
  const { refund } = useClaimTexts();
  return (
    <>
      <PageIntro>
        {/* The badge's place is held while prices load; with no plan discounted ("0%") there is none. */}
        {data && !showsSaving(data.discount) ? null : (
          <p className="mx-auto mt-4 inline-block min-h-8 rounded-full bg-green-100 px-4 py-1 font-semibold text-green-900">
            {data ? t("badge", { percent: data.discount }) : "\u00a0"}
          </p>
        )}
      </PageIntro>
      <section className="mx-auto max-w-5xl px-4 py-10">
        <div className={`mb-4 flex justify-end ${data?.plans.length === 0 ? "hidden" : ""}`}>
          <label className="flex items-center gap-2 text-sm">
            {t("currency")}
            <select
              className="rounded-lg border border-slate-400 bg-white px-2 py-1.5"
              value={currency ?? data?.currency ?? "USD"}
              onChange={(event) => {
                rememberCurrency(event.target.value);
                setCurrency(event.target.value);
              }}
            >
              {CURRENCY_CHOICES.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
          </label>
        </div>
        {failed ? <p role="alert">{t("loadFailed")}</p> : null}
        <PlanCards
          headingLevel={2}
          plans={data?.plans ?? null}
          action={(plan) => (
            <Link
              to={`${to(`/pricing/checkout/${plan.id}`)}${currency ? `?currency=${currency}` : ""}`}
              className="block rounded-lg bg-brand-700 px-4 py-2.5 text-center font-semibold text-white hover:bg-brand-600"
            >
              {t("choose")}
            </Link>
          )}
        />
        <MoneyBackNote />
        <p className="text-center text-sm text-slate-700">{t("trust")}</p>
      </section>
      <section className="mx-auto max-w-3xl px-4 pb-16">
        <h2 className="text-2xl font-bold">{t("faqTitle")}</h2>
        {[1, 2, 3].map((n) => {
          // The second question is about the money-back promise, answered in its shared words.
          if (n === 2 && !refund) return null;
          return (
            <details key={n} className="mt-3 rounded-lg border border-slate-200 p-4">
              <summary className="cursor-pointer font-semibold">{t(`faq.q${n}`)}</summary>
              <p className="mt-2 text-slate-700">{n === 2 ? refund : t(`faq.a${n}`)}</p>
            </details>
          );
        })}
      </section>
    </>
  );
}
