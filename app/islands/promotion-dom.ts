/**
 * Draws the promotions of a document page from its server HTML: the promotions island loads this
 * only once a block or a popup is to show.
 */
import { type Locale, localizePath } from "../../universal/i18n/locales";
import { fillPlaceholders, localise, type Promotion, type Segment } from "../../universal/promotions/promotion-config";
import { openModal } from "../lib/modal-dialog";
import { localisedSegments, promotionValues, SEGMENT_TONE_CLASS, type ShownPopup } from "../lib/promotion-flow";

const part = (root: ParentNode, name: string) => root.querySelector<HTMLElement>(`[data-${name}]`);

function clone(template: Element | null): DocumentFragment | null {
  return template instanceof HTMLTemplateElement ? (template.content.cloneNode(true) as DocumentFragment) : null;
}

function segmentSpans(segments: { text: string; tone: Segment["tone"] }[]): HTMLElement[] {
  return segments.map(({ text, tone }) => {
    const span = document.createElement("span");
    if (SEGMENT_TONE_CLASS[tone]) span.className = SEGMENT_TONE_CLASS[tone];
    span.textContent = text;
    return span;
  });
}

/** Fills every {{placeholder}} in the texts under an element (text nodes only: no markup is parsed). */
function fillTexts(element: HTMLElement, values: Record<string, string>) {
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    node.nodeValue = fillPlaceholders(node.nodeValue ?? "", values);
  }
}

/** A promotion's headline (its own, or its kind's translated one) and text into a title and a text element. */
function writePromotion(
  target: ParentNode,
  texts: HTMLElement,
  locale: Locale,
  promotion: Promotion,
  discount: string | undefined,
) {
  const source = clone(texts.querySelector(`[data-promotion-kind="${promotion.kind}"]`));
  const title = part(target, "title");
  const text = part(target, "text");
  if (!source || !title || !text) return false;
  if (promotion.headline) title.replaceChildren(...segmentSpans(localisedSegments(promotion.headline, locale)));
  else title.replaceChildren(...(part(source, "title")?.childNodes ?? []));
  text.replaceChildren(...(part(source, "text")?.childNodes ?? []));
  text.hidden = false;
  const values = promotionValues(promotion, locale, document.documentElement.lang, discount);
  fillTexts(title, values);
  fillTexts(text, values);
  return true;
}

function setAction(root: ParentNode, href: string, locale: Locale) {
  part(root, "cta")?.setAttribute("href", localizePath(href, locale));
}

export function showBlock(
  slot: HTMLElement,
  texts: HTMLElement,
  locale: Locale,
  promotion: Promotion,
  discount: string,
) {
  const block = clone(slot.querySelector(`[data-promotion-block="${promotion.kind}"]`));
  const section = block?.querySelector("section");
  if (!block || !section || !writePromotion(section, texts, locale, promotion, discount)) return;
  section.dataset.promotion = promotion.id;
  setAction(section, promotion.href, locale);
  slot.append(block);
}

export function openPopup(texts: HTMLElement, locale: Locale, shown: ShownPopup) {
  const dialog = clone(texts.querySelector("[data-popup-template]"))?.querySelector("dialog");
  if (!dialog) return;
  dialog.dataset.popup = shown.kind;
  if (shown.promotion) {
    if (!writePromotion(dialog, texts, locale, shown.promotion, shown.discount)) return;
    setAction(dialog, shown.promotion.href, locale);
  } else {
    const content = shown.config.popups[shown.kind as Exclude<typeof shown.kind, "festival">];
    if (!content) return;
    part(dialog, "title")?.replaceChildren(...segmentSpans(localisedSegments(content.headline, locale)));
    const body = part(dialog, "text");
    if (body && content.body) {
      body.textContent = localise(content.body, locale);
      body.hidden = false;
    }
    setAction(dialog, content.href, locale);
  }
  document.body.append(dialog);
  openModal(dialog);
  dialog.addEventListener("close", () => dialog.remove());
}
