import { localDigits } from "../../../universal/i18n/digits";
import { formatDuration, formatPrice } from "../../../universal/i18n/format";
import { useT } from "../../i18n/translator";
import { useLocale } from "../../lib/use-page";
import { LoadingOverlay } from "../loading-overlay";
import { NotForSale } from "./not-for-sale";
import { showsSaving } from "./shows-saving";
import { splitAtPrice } from "./split-at-price";
import type { PlanItem } from "./use-plans";

const minor = (major: number) => Math.round(major * 100);

/** Plan cards with monthly price, total and savings; fixed height so prices arrive without layout shift. */
export function PlanCards({
  plans,
  selected,
  onSelect,
  action,
  headingLevel = 3,
}: {
  /** h2 where the cards come right under the page's h1 (the pricing page), else h3. */
  headingLevel?: 2 | 3;
  plans: PlanItem[] | null;
  selected?: string;
  onSelect?: (id: string) => void;
  action?: (plan: PlanItem) => React.ReactNode;
}) {
  const t = useT("pricing");
  const { locale } = useLocale();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  // One fixed height for placeholders and cards, so prices arrive without moving the page.
  const cardHeight = action ? "h-[23rem]" : "h-80";
  if (!plans) {
    return (
      // The placeholders take the cards' room in each layout: a row on wide screens, a stack on phones.
      <div className="relative grid gap-4 md:grid-cols-3" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <div key={i} className={`animate-pulse rounded-2xl bg-slate-100 ${cardHeight}`} />
        ))}
        <p className="sr-only" role="status">
          {t("loading")}
        </p>
        <LoadingOverlay busy />
      </div>
    );
  }
  if (plans.length === 0) return <NotForSale headingLevel={headingLevel} />;
  return (
    <div className="grid gap-4 md:grid-cols-3" role={onSelect ? "radiogroup" : undefined}>
      {plans.map((plan) => {
        const price = (amount: number) => formatPrice(minor(amount), plan.currency, locale);
        const isSelected = selected === plan.id;
        const body = (
          <>
            <p className="text-sm font-semibold text-brand-700">{plan.is_default ? t("popular") : "\u00a0"}</p>
            <Heading className="text-xl font-bold">{formatDuration(plan.months, "month", locale)}</Heading>
            <PricePhrase
              phrase={t("perMonth", { price: price(plan.price_unit) })}
              price={price(plan.price_unit)}
              className="text-lg font-medium text-slate-700"
              priceClassName="text-3xl font-bold text-ink-900"
            />
            <PricePhrase
              phrase={
                plan.months === 1
                  ? t("totalOne", { price: price(plan.price_amount) })
                  : t("total", { price: price(plan.price_amount), months: plan.months })
              }
              price={price(plan.price_amount)}
              className="text-sm text-slate-700"
              wrapWords
            />
            <p className="text-sm font-semibold text-green-800">
              {showsSaving(plan.discount_percent) ? (
                <bdi>{t("save", { percent: localDigits(plan.discount_percent, locale) })}</bdi>
              ) : (
                "\u00a0"
              )}
            </p>
            <p className="text-sm text-slate-700">{t("devices", { count: plan.device_limit })}</p>
          </>
        );
        return onSelect ? (
          <label
            key={plan.id}
            className={`flex cursor-pointer flex-col gap-2 rounded-2xl border-2 bg-white p-5 ${cardHeight} ${isSelected ? "border-brand-700" : "border-slate-200"}`}
          >
            <input
              type="radio"
              name="plan"
              value={plan.id}
              checked={isSelected}
              onChange={() => onSelect(plan.id)}
              className="sr-only"
            />
            {body}
          </label>
        ) : (
          <div
            key={plan.id}
            className={`flex flex-col gap-2 rounded-2xl border-2 border-slate-200 bg-white p-5 ${cardHeight}`}
          >
            {body}
            <div className="mt-auto">{action?.(plan)}</div>
          </div>
        );
      })}
    </div>
  );
}

/**
 * A phrase with a price in it. The price never breaks inside ("CA$ / 17.99") and is isolated, so
 * "CA$17.99" keeps its order in Arabic while the words around it follow the page's direction;
 * short phrases ("per month") also keep their words together, so they break only next to the price.
 */
function PricePhrase({
  phrase,
  price,
  className,
  priceClassName,
  wrapWords = false,
}: {
  phrase: string;
  price: string;
  className: string;
  priceClassName?: string;
  /** For longer phrases: the words may wrap among themselves, the price still never breaks. */
  wrapWords?: boolean;
}) {
  const parts = splitAtPrice(phrase, price);
  const words = wrapWords ? undefined : "whitespace-nowrap";
  return (
    <p className={className}>
      <Words text={parts.before} className={words} />
      <bdi className={`whitespace-nowrap ${priceClassName ?? ""}`}>{parts.price}</bdi>
      <Words text={parts.after} className={words} />
    </p>
  );
}

/** Words kept together; the spaces at their ends stay outside, where the line may break. */
function Words({ text, className }: { text: string; className?: string }) {
  const [, lead = "", core = "", trail = ""] = /^(\s*)([\s\S]*?)(\s*)$/.exec(text) ?? [];
  if (!core) return text;
  return (
    <>
      {lead}
      <span className={className}>{core}</span>
      {trail}
    </>
  );
}
