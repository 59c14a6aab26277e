import { data, Link } from "react-router";
import { localDigits } from "../../universal/i18n/digits";
import { InviteOffer } from "../components/invites/invite-offer";
import { PageIntro } from "../components/page-intro";
import { checkoutPath } from "../components/pricing/checkout-path";
import { CurrencyForm } from "../components/pricing/currency-form";
import { MoneyBackNote } from "../components/pricing/money-back-note";
import { PaymentMethodsNote } from "../components/pricing/payment-methods-note";
import { PlanCards } from "../components/pricing/plan-cards";
import { showsSaving } from "../components/pricing/shows-saving";
import { useT } from "../i18n/translator";
import type { IslandsHandle } from "../islands/island-scripts";
import { useClaimTexts } from "../lib/claim-texts";
import { rememberedCurrencyCookie } from "../lib/currency-preference";
import { useLocale } from "../lib/use-page";
import { loadPage } from "../routing/page-loader.server";
import { loadPlans, PRICED_PAGE_HEADERS } from "../routing/plans-loader.server";
import type { Route } from "./+types/pricing";

// The currency form submits itself on change; a subscriber's plan is marked (decision 037).
export const handle = { islands: ["prices"] } satisfies IslandsHandle;

export async function loader(args: Route.LoaderArgs) {
  const page = loadPage(args, "pricing");
  const offer = await loadPlans(args);
  // A currency chosen with the form (?currency=) is remembered for every later page and visit.
  const remember = rememberedCurrencyCookie(args.request.url, args.context.publicOrigin.startsWith("https:"));
  return data(
    { ...page, offer, inviteReward: args.context.inviteReward },
    remember ? { headers: { "Set-Cookie": remember } } : undefined,
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  const headers = new Headers(PRICED_PAGE_HEADERS);
  const cookie = loaderHeaders.get("Set-Cookie");
  if (cookie) headers.set("Set-Cookie", cookie);
  return headers;
}

export default function PricingPage({ loaderData }: Route.ComponentProps) {
  const t = useT("pricing");
  const { to, locale } = useLocale();
  const { offer, inviteReward } = loaderData;
  const { refund } = useClaimTexts();
  return (
    <>
      <PageIntro>
        {/* With no plan discounted ("0%") there is no badge. */}
        {offer && showsSaving(offer.discount) ? (
          <p className="mx-auto mt-4 inline-block min-h-8 rounded-full bg-green-100 px-4 py-1 font-semibold text-green-900">
            {t("badge", { percent: localDigits(offer.discount, locale) })}
          </p>
        ) : null}
      </PageIntro>
      <section className="mx-auto max-w-5xl px-4 py-10">
        <InviteOffer reward={inviteReward} />
        {offer && offer.plans.length > 0 ? (
          <div className="mb-4">
            <CurrencyForm action={to("/pricing")} currency={offer.currency} />
          </div>
        ) : null}
        {offer ? (
          <PlanCards
            headingLevel={2}
            plans={offer.plans}
            action={(plan) => (
              // A subscriber's browser turns these into their plan and "Switch to this plan" (prices island).
              <div data-plan-action={plan.id} className="relative">
                <Link
                  to={checkoutPath(to, plan.id, offer.currency)}
                  className="block rounded-lg bg-brand-700 px-4 py-2.5 text-center font-semibold text-white hover:bg-brand-600"
                >
                  {t("choose")}
                </Link>
              </div>
            )}
          />
        ) : (
          <p role="alert">{t("loadFailed")}</p>
        )}
        {/* The plan switcher's words for the prices island (decision 037), in the page's language. */}
        <div
          hidden
          data-plan-switch=""
          data-account={to("/myaccount")}
          data-your-plan={t("switch.yourPlan")}
          data-switch-to={t("switch.switchTo")}
        />
        {offer && offer.plans.length > 0 ? (
          <PaymentMethodsNote currency={offer.currency} methods={offer.methods} />
        ) : null}
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
