import { Link } from "react-router";
import { localeInfo } from "../../../universal/i18n/locales";
import type { Promotion, PromotionKind } from "../../../universal/promotions/promotion-config";
import { useT } from "../../i18n/translator";
import { useLocale } from "../../lib/use-page";
import { Icon, type IconName } from "../sections/icon";
import { Headline, localisedSegments, markedSegments, placeholderValues } from "./headline";

/** Each seasonal block has its own colours and pictogram (dark enough for white text, AA). */
export const PROMOTION_THEMES: Record<PromotionKind, { className: string; icon: IconName }> = {
  anniversary: { className: "bg-violet-900", icon: "gift" },
  "back-to-school": { className: "bg-sky-900", icon: "book" },
  easter: { className: "bg-emerald-900", icon: "egg" },
};

/** The last moment of the offer, in the visitor's language ([start, end): the end itself is excluded). */
export function formatEndDate(promotion: Promotion, iso: string): string {
  return new Intl.DateTimeFormat(iso, { dateStyle: "long" }).format(new Date(Date.parse(promotion.endTime) - 1));
}

/** A promotion's texts in the visitor's language: its own headline, or its kind's translated one. */
export function usePromotionTexts(promotion: Promotion, discount: string | undefined) {
  const t = useT("common");
  const { locale } = useLocale();
  const values = placeholderValues(promotion.placeholders, locale, {
    discount: discount ?? "",
    endDate: formatEndDate(promotion, localeInfo(locale).iso),
  });
  const segments = promotion.headline
    ? localisedSegments(promotion.headline, locale)
    : markedSegments(t(`promotions.${promotion.kind}.title`));
  return { segments, values, text: t(`promotions.${promotion.kind}.text`, { endDate: values.endDate }) };
}

/** The home page's seasonal block (SPEC §2), shown only while its promotion is active. */
export function PromotionBlock({ promotion, discount }: { promotion: Promotion; discount: string | undefined }) {
  const t = useT("common");
  const { to } = useLocale();
  const { segments, values, text } = usePromotionTexts(promotion, discount);
  const theme = PROMOTION_THEMES[promotion.kind];
  // A promotion is an offer: without a real discount (still loading, or no plan discounted)
  // there is nothing true to announce, whatever its headline says.
  if (discount === undefined) return null;
  return (
    <section
      aria-labelledby="promotion-title"
      data-promotion={promotion.id}
      className={`${theme.className} text-white`}
    >
      <div className="mx-auto flex max-w-6xl flex-col items-center gap-6 px-4 py-10 text-center md:flex-row md:text-start">
        <span className="rounded-full bg-white/10 p-4" aria-hidden="true">
          <Icon name={theme.icon} className="h-10 w-10" />
        </span>
        <div className="flex-1">
          <p className="text-sm font-semibold uppercase tracking-wide text-white/90">{t("promotions.label")}</p>
          <h2 id="promotion-title" className="mt-1 text-2xl font-bold md:text-3xl">
            <Headline segments={segments} values={values} />
          </h2>
          <p className="mt-2 text-white/90">{text}</p>
        </div>
        <Link
          to={to(promotion.href)}
          className="rounded-lg bg-white px-6 py-3 font-semibold text-ink-900 hover:bg-amber-100"
        >
          {t("promotions.cta")}
        </Link>
      </div>
    </section>
  );
}
