import { Link } from "react-router";
import { useT } from "../../i18n/translator";
import { useLocale } from "../../lib/use-page";
import { Section } from "../sections/sections";
import { MoneyBackNote } from "./money-back-note";
import { PlanCards } from "./plan-cards";
import { showsSaving } from "./shows-saving";
import type { usePlans } from "./use-plans";

/**
 * The pay-plan block: the plans in the visitor's currency, each leading to its checkout, with
 * the money-back promise. The page's loader must bring the "pricing" catalogue; the page fetches
 * the plans (`usePlans`), so that other blocks can share them.
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
  data: ReturnType<typeof usePlans>["data"];
}) {
  const tp = useT("pricing");
  const { to } = useLocale();
  // No plan discounted ("0%"): no "save up to" at all.
  const badge = data && showsSaving(data.discount) ? tp("badge", { percent: data.discount }) : undefined;
  // A non-breaking space holds the line while the badge loads, so nothing below moves.
  const lead = [intro, badge].filter(Boolean).join(" ") || "\u00a0";
  return (
    <Section id={id} title={title} intro={lead}>
      <PlanCards
        plans={data?.plans ?? null}
        action={(plan) => (
          <Link
            to={to(`/pricing/checkout/${plan.id}`)}
            className="block rounded-lg bg-brand-700 px-4 py-2.5 text-center font-semibold text-white hover:bg-brand-600"
          >
            {tp("choose")}
          </Link>
        )}
      />
      <MoneyBackNote />
    </Section>
  );
}
