import { Link } from "react-router";
import type { VisitorPlans } from "../../../universal/billing/plan-item";
import { localDigits } from "../../../universal/i18n/digits";
import { useT } from "../../i18n/translator";
import { useLocale } from "../../lib/use-page";
import { Section } from "../sections/sections";
import { checkoutPath } from "./checkout-path";
import { MoneyBackNote } from "./money-back-note";
import { PlanCards } from "./plan-cards";
import { showsSaving } from "./shows-saving";

/**
 * The pay-plan block: the plans in the visitor's currency, each leading to its checkout, with
 * the money-back promise. The page's loader must bring the "pricing" catalogue and the plans
 * (`loadPlans`: null when they could not be loaded), so that other blocks can share them.
 */
export function PayPlans({
  id,
  title,
  intro,
  data,
}: {
  id: string;
  title: string;
  intro?: string;
  data: VisitorPlans | null;
}) {
  const tp = useT("pricing");
  const { to, locale } = useLocale();
  // No plan discounted ("0%"): no "save up to" at all.
  const badge =
    data && showsSaving(data.discount) ? tp("badge", { percent: localDigits(data.discount, locale) }) : undefined;
  const lead = [intro, badge].filter(Boolean).join(" ") || undefined;
  return (
    <Section id={id} title={title} intro={lead}>
      {data ? (
        <PlanCards
          plans={data.plans}
          action={(plan) => (
            <Link
              to={checkoutPath(to, plan.id, data.currency)}
              className="block rounded-lg bg-brand-700 px-4 py-2.5 text-center font-semibold text-white hover:bg-brand-600"
            >
              {tp("choose")}
            </Link>
          )}
        />
      ) : (
        <p role="alert">{tp("loadFailed")}</p>
      )}
      <MoneyBackNote />
    </Section>
  );
}
