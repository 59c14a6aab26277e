import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { localeInfo } from "../../../universal/i18n/locales";
import { fillPlaceholders, localise, type Promotion } from "../../../universal/promotions/promotion-config";
import { useT } from "../../i18n/translator";
import { openModal } from "../../lib/modal-dialog";
import {
  localisedSegments,
  markedSegments,
  promotionValues,
  type ShownPopup,
  schedulePopup,
} from "../../lib/promotion-flow";
import { useCurrentPage, useLocale } from "../../lib/use-page";
import { Headline } from "./headline";
import { PopupFrame } from "./popup-frame";

/**
 * The apps' popup (document pages get the same from the promotions island): when and which is
 * decided by schedulePopup (app/lib/promotion-flow.ts), at most one per page.
 */
export default function PopupHost() {
  const { page } = useCurrentPage();
  const [shown, setShown] = useState<ShownPopup | null>(null);
  const pageKey = page?.key;
  useEffect(() => schedulePopup(pageKey, setShown), [pageKey]);
  if (!shown) return null;
  return <PopupDialog shown={shown} onClose={() => setShown(null)} />;
}

function PopupDialog({ shown, onClose }: { shown: ShownPopup; onClose: () => void }) {
  const { locale, to } = useLocale();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    if (dialog.current) openModal(dialog.current);
  }, []);
  const festival = useFestivalTexts(shown.promotion, shown.discount);
  const content = shown.kind === "festival" ? undefined : shown.config.popups[shown.kind];
  const texts =
    festival ??
    (content && {
      title: <Headline segments={localisedSegments(content.headline, locale)} />,
      text: content.body && localise(content.body, locale),
    });
  if (!texts) return null;
  return (
    <PopupFrame
      kind={shown.kind}
      dialogRef={dialog}
      onClose={onClose}
      title={texts.title}
      body={texts.text}
      action={(className, label) => (
        <Link
          to={to(shown.promotion?.href ?? content?.href ?? "/pricing")}
          onClick={() => dialog.current?.close()}
          className={className}
        >
          {label}
        </Link>
      )}
    />
  );
}

/** A festival's headline (its own, or its kind's translated one) and text, in the visitor's language. */
function useFestivalTexts(promotion: Promotion | undefined, discount: string | undefined) {
  const t = useT("common");
  const { locale } = useLocale();
  if (!promotion) return undefined;
  const values = promotionValues(promotion, locale, localeInfo(locale).iso, discount);
  const segments = promotion.headline
    ? localisedSegments(promotion.headline, locale)
    : markedSegments(t(`promotions.${promotion.kind}.title`));
  return {
    title: <Headline segments={segments} values={values} />,
    text: fillPlaceholders(t(`promotions.${promotion.kind}.text`), values),
  };
}
