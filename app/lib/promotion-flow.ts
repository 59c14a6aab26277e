import type { Locale } from "../../universal/i18n/locales";
import {
  activePromotion,
  type LocalisedText,
  localise,
  type Promotion,
  type PromotionConfig,
  type Segment,
} from "../../universal/promotions/promotion-config";
import { showsSaving } from "../components/pricing/shows-saving";
import { visitSourceHeaders, WEB_APP_TYPE } from "./api";
import { getConsent, subscribeConsent } from "./consent-client";
import { deviceKind } from "./device";
import { readStored, writeStored } from "./local-store";
import { choosePopup, type Dismissals, localDate, type PopupKind } from "./popups";
import { popupsAllowedOn } from "./quiet-pages";
import { loadRemoteConfig } from "./remote-config";

/**
 * When and what the promotions show (SPEC §2, §4): one plain module for the React popup host of the
 * apps and the "promotions" island of the document pages, so both decide the same way.
 */

const DISMISSED_KEY = "popup_dismissed";
const DISMISSED_TTL_MS = 2 * 24 * 60 * 60 * 1000;
/** Let the visitor see the page first. */
export const POPUP_DELAY_MS = 2500;
export { popupsAllowedOn };

export interface ShownPopup {
  kind: PopupKind;
  config: PromotionConfig;
  /** The festival's promotion (festival popups only). */
  promotion?: Promotion;
  /** The real discount (festival popups only). */
  discount?: string;
}

/**
 * The real largest discount over the plans ("70%"), for {{discount}}: promotions never invent one.
 * Undefined when it could not be read or no plan is discounted: then no promotion shows.
 */
export async function fetchDiscount(): Promise<string | undefined> {
  try {
    const response = await fetch("/api/mms/payment/v1/providers/plans", {
      headers: { "X-App-Type": WEB_APP_TYPE, ...visitSourceHeaders() },
    });
    const { data } = (await response.json()) as { data: { discount_percent: string } };
    return showsSaving(data.discount_percent) ? data.discount_percent : undefined;
  } catch {
    return undefined;
  }
}

/** The promotion the home block shows now, with its discount; null when there is nothing true to show. */
export async function blockToShow(
  now: Date,
  loadDiscount: () => Promise<string | undefined> = fetchDiscount,
): Promise<{ promotion: Promotion; discount: string } | null> {
  const config = await loadRemoteConfig().catch(() => null);
  const promotion = config ? activePromotion(config, now) : undefined;
  if (!promotion) return null;
  const discount = await loadDiscount();
  return discount === undefined ? null : { promotion, discount };
}

/**
 * Shows at most one popup per page (SPEC §4), after the visitor answered the cookie banner, never
 * on task pages, after a short delay. A popup counts as seen for the day once shown. Returns a
 * function that cancels whatever has not happened yet.
 */
export function schedulePopup(pageKey: string | undefined, show: (popup: ShownPopup) => void): () => void {
  if (!popupsAllowedOn(pageKey)) return () => {};
  let live = true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const decide = async () => {
    const consent = getConsent();
    if (!consent.settled || !consent.choice) return;
    unsubscribe();
    const config = await loadRemoteConfig().catch(() => null);
    if (!config || !live) return;
    const now = new Date();
    const kind = choosePopup({
      now,
      device: deviceKind(),
      onHomePage: pageKey === "home",
      dismissed: readStored<Dismissals>(DISMISSED_KEY) ?? {},
      config,
    });
    if (!kind) return;
    const promotion = kind === "festival" ? activePromotion(config, now) : undefined;
    const discount = kind === "festival" ? await fetchDiscount() : undefined;
    // A festival headline quotes the real discount; without it there is nothing true to show.
    if (kind === "festival" && (discount === undefined || !promotion)) return;
    timer = setTimeout(() => {
      if (!live) return;
      const dismissed = readStored<Dismissals>(DISMISSED_KEY) ?? {};
      writeStored(DISMISSED_KEY, { ...dismissed, [kind]: localDate(now) }, DISMISSED_TTL_MS);
      show({ kind, config, promotion, discount });
    }, POPUP_DELAY_MS);
  };
  const unsubscribe = subscribeConsent(() => void decide());
  void decide();
  return () => {
    live = false;
    unsubscribe();
    clearTimeout(timer);
  };
}

/** A translated catalogue text marks its coloured part as <accent>…</accent>. */
export function markedSegments(text: string): { text: string; tone: Segment["tone"] }[] {
  return text
    .split(/(<accent>.*?<\/accent>)/)
    .filter((part) => part.length > 0)
    .map((part) => {
      const accent = /^<accent>(.*)<\/accent>$/.exec(part);
      return accent ? { text: accent[1] ?? "", tone: "accent" as const } : { text: part, tone: "plain" as const };
    });
}

/** A promotion's or popup's own segments in one language. */
export function localisedSegments(segments: Segment[], locale: Locale) {
  return segments.map((segment) => ({ text: localise(segment.text, locale), tone: segment.tone }));
}

/** Placeholder values for a language: the operator's per-language ones, then the built-ins. */
export function placeholderValues(
  placeholders: Record<string, LocalisedText>,
  locale: Locale,
  builtIns: Record<string, string>,
): Record<string, string> {
  const values: Record<string, string> = { ...builtIns };
  for (const [name, text] of Object.entries(placeholders)) values[name] = localise(text, locale);
  return values;
}

/** The last moment of the offer, in the visitor's language ([start, end): the end itself is excluded). */
export function formatEndDate(promotion: Pick<Promotion, "endTime">, iso: string): string {
  return new Intl.DateTimeFormat(iso, { dateStyle: "long" }).format(new Date(Date.parse(promotion.endTime) - 1));
}

/** Every {{placeholder}} value a promotion's texts may use, in one language. */
export function promotionValues(promotion: Promotion, locale: Locale, iso: string, discount: string | undefined) {
  return placeholderValues(promotion.placeholders, locale, {
    discount: discount ?? "",
    endDate: formatEndDate(promotion, iso),
  });
}

/** The colour of each headline segment tone (dark backgrounds; AA with white text around them). */
export const SEGMENT_TONE_CLASS: Record<Segment["tone"], string> = {
  plain: "",
  accent: "text-amber-300",
  highlight: "rounded bg-amber-200 px-1 text-ink-900",
};
