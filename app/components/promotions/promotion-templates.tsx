import { PROMOTION_KINDS } from "../../../universal/promotions/promotion-config";
import { useT } from "../../i18n/translator";
import { markedSegments } from "../../lib/promotion-flow";
import { Headline } from "./headline";
import { PopupFrame } from "./popup-frame";

/**
 * What the promotions island of a document page shows, as inert server HTML in the page's
 * language: each kind's translated headline and text (their {{discount}} and {{endDate}} left for
 * the browser, which knows which promotion runs), and the popup dialog to clone. The island
 * carries no catalogue text of its own.
 */
export function PromotionTemplates({ pageKey, locale }: { pageKey: string; locale: string }) {
  const t = useT("common");
  return (
    <div hidden data-promotions={pageKey} data-locale={locale}>
      {PROMOTION_KINDS.map((kind) => (
        <template key={kind} data-promotion-kind={kind}>
          <span data-title="">
            <Headline segments={markedSegments(t(`promotions.${kind}.title`))} />
          </span>
          <span data-text="">{t(`promotions.${kind}.text`)}</span>
        </template>
      ))}
      <template data-popup-template="">
        <PopupFrame
          action={(className, label) => (
            <a href="/pricing" data-cta="" className={className}>
              {label}
            </a>
          )}
        />
      </template>
    </div>
  );
}
