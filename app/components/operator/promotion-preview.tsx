import { useEffect, useState } from "react";
import { type Locale, localeInfo } from "../../../universal/i18n/locales";
import type { Catalogue } from "../../../universal/i18n/namespaces";
import {
  fillPlaceholders,
  localise,
  type Promotion,
  type PromotionConfig,
} from "../../../universal/promotions/promotion-config";
import { TranslatorProvider, useT } from "../../i18n/translator";
import { fetchDiscount, localisedSegments, markedSegments, promotionValues } from "../../lib/promotion-flow";
import { Headline } from "../promotions/headline";
import { PopupContent } from "../promotions/popup-frame";
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

type PopupTexts = NonNullable<PromotionConfig["popups"][keyof PromotionConfig["popups"]]>;

/**
 * A popup's preview: the site's own popup content (PopupContent, what the dialog shows) with the
 * draft's texts in a chosen language, drawn in the page rather than as a modal dialog.
 */
export function PopupPreview({
  kind,
  popup,
  locale,
  texts,
}: {
  kind: string;
  popup: PopupTexts;
  locale: Locale;
  texts: Partial<Record<Locale, Catalogue>>;
}) {
  const info = localeInfo(locale);
  const body = popup.body && localise(popup.body, locale);
  return (
    <TranslatorProvider locale={locale} resources={[{ common: { promotions: texts[locale] ?? {} } }]}>
      <div
        lang={info.iso}
        dir={info.dir}
        data-popup-preview={kind}
        className="max-w-lg rounded-2xl bg-slate-900 text-white shadow-2xl"
      >
        <PopupContent
          titleId={`popup-preview-${kind}`}
          title={<Headline segments={localisedSegments(popup.headline, locale)} />}
          body={body}
          action={(className, label) => <span className={className}>{label}</span>}
        />
      </div>
    </TranslatorProvider>
  );
}
