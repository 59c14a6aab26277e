/**
 * The loading overlay of SPEC §4, one look for apps and documents (decision 045): a translucent
 * cover with a spinner over an element that waits for the network, which says `aria-busy="true"`
 * meanwhile. The element needs `relative` (FORM_CARD_CLASS and the cards have it). React renders it
 * with <LoadingOverlay> (app/components/loading-overlay.tsx); islands call setBusyOverlay.
 */
export const LOADING_OVERLAY_ATTRIBUTE = "data-loading-overlay";
export const LOADING_OVERLAY_CLASS =
  "absolute inset-0 z-10 flex items-center justify-center rounded-[inherit] bg-white/60";
export const LOADING_SPINNER_CLASS =
  "size-6 animate-spin rounded-full border-2 border-brand-700 border-t-transparent motion-reduce:animate-none";

/** The part of the DOM setBusyOverlay uses (an HTMLElement in the page). */
export interface OverlayHost {
  ownerDocument: Pick<Document, "createElement">;
  setAttribute(name: string, value: string): void;
  querySelector(selectors: string): { remove(): void } | null;
  append(node: Node): void;
}

/** For islands: marks `element` busy (or not) and adds (or removes) its overlay, once. */
export function setBusyOverlay(element: OverlayHost, busy: boolean): void {
  element.setAttribute("aria-busy", String(busy));
  const present = element.querySelector(`:scope > [${LOADING_OVERLAY_ATTRIBUTE}]`);
  if (!busy) {
    present?.remove();
    return;
  }
  if (present) return;
  const doc = element.ownerDocument;
  const overlay = doc.createElement("div");
  overlay.setAttribute(LOADING_OVERLAY_ATTRIBUTE, "");
  overlay.setAttribute("aria-hidden", "true");
  overlay.className = LOADING_OVERLAY_CLASS;
  const spinner = doc.createElement("span");
  spinner.className = LOADING_SPINNER_CLASS;
  overlay.append(spinner);
  element.append(overlay);
}
