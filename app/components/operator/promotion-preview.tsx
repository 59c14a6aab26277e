import { useEffect, useState } from "react";
import { type Locale, localeInfo } from "../../../universal/i18n/locales";
import type { Catalogue } from "../../../universal/i18n/namespaces";
import { fillPlaceholders, type Promotion } from "../../../universal/promotions/promotion-config";
import { TranslatorProvider, useT } from "../../i18n/translator";
import { fetchDiscount, localisedSegments, markedSegments, promotionValues } from "../../lib/promotion-flow";
import { Headline } from "../promotions/headline";
import { PromotionSection } from "../promotions/promotion-block";

/**
 * The console's live preview (decision 057): the site's own home block (PromotionSection, the
 * Headline of the apps' popup) with the draft's texts in a chosen language, from that language's
 * catalogue (the console's loader sends every language's promotion texts; nothing else is loaded,
 * nothing from a third party). {{discount}} is the site's real figure now, as on the home page.
 */
export function PromotionPreview({
  promotion,
  locale,
  texts,
}: {
  promotion: Promotion;
  locale: Locale;
  /** Each language's common:promotions texts. */
  texts: Partial<Record<Locale, Catalogue>>;
}) {
  const [discount, setDiscount] = useState<string>();
  useEffect(() => {
    let live = true;
    void fetchDiscount().then((figure) => {
      if (live) setDiscount(figure);
    });
    return () => {
      live = false;
    };
  }, []);
  const info = localeInfo(locale);
  return (
    <TranslatorProvider locale={locale} resources={[{ common: { promotions: texts[locale] ?? {} } }]}>
      <div lang={info.iso} dir={info.dir} data-promotion-preview={promotion.kind}>
        <PreviewBlock promotion={promotion} locale={locale} discount={discount} />
      </div>
    </TranslatorProvider>
  );
}

function PreviewBlock({
  promotion,
  locale,
  discount,
}: {
  promotion: Promotion;
  locale: Locale;
  discount: string | undefined;
}) {
  const t = useT("common");
  const values = promotionValues(promotion, locale, localeInfo(locale).iso, discount);
  if (discount === undefined) delete values.discount;
  const segments = promotion.headline?.length
    ? localisedSegments(promotion.headline, locale)
    : markedSegments(t(`promotions.${promotion.kind}.title`));
  return (
    <PromotionSection
      kind={promotion.kind}
      title={<Headline segments={segments} values={values} />}
      text={fillPlaceholders(t(`promotions.${promotion.kind}.text`), values)}
    />
  );
}
