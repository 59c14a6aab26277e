/**
 * The promotions island of the document pages (decision 031): the home block of the running
 * promotion and at most one popup, decided by app/lib/promotion-flow.ts exactly as the apps'
 * PopupHost decides. The page's server HTML (PromotionTemplates, PromotionSlot) holds every text;
 * the code that draws them loads only when there is something to draw.
 */
import type { Locale } from "../../universal/i18n/locales";
import { blockToShow, schedulePopup } from "../lib/promotion-flow";

const texts = document.querySelector<HTMLElement>("[data-promotions]");
if (texts) {
  const locale = texts.dataset.locale as Locale;
  const slot = document.querySelector<HTMLElement>("[data-promotion-slot]");
  if (slot) {
    void blockToShow(new Date()).then(async (shown) => {
      if (shown) (await import("./promotion-dom")).showBlock(slot, texts, locale, shown.promotion, shown.discount);
      // Decided (shown or not): tests wait for this instead of guessing a delay.
      slot.dataset.promotionSlot = "decided";
    });
  }
  schedulePopup(texts.dataset.promotions, (popup) => {
    void import("./promotion-dom").then((dom) => dom.openPopup(texts, locale, popup));
  });
}
