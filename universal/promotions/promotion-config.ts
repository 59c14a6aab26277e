import type { Locale } from "../i18n/locales";
import type { LocalisedText, PopupContent, Promotion, PromotionConfig, Sale, Segment } from "./promotion-config.schema";
import { PROMOTION_KINDS, type PromotionKind } from "./promotion-kinds";

/**
 * The promotion config (SPEC §3): seasonal promotions with their period, and the content of the
 * weekend, workday and mobile popups. The operator edits it as one JSON document through the
 * operator API (key "promotions" in remote_config), checked by promotion-config.schema.ts on the
 * server; the site reads it from GET /api/mms/config/v1/promotions. The pure helpers here run in the
 * browser, without zod.
 */

export type { LocalisedText, PopupContent, Promotion, PromotionConfig, Sale, Segment };

export { PROMOTION_KINDS, type PromotionKind };

export const EMPTY_PROMOTION_CONFIG: PromotionConfig = { promotions: [], popups: {} };

/** The festival (or any promotion) period is [start, end) (SPEC §4). */
export function isActive(promotion: Pick<Promotion, "startTime" | "endTime">, now: Date): boolean {
  const time = now.getTime();
  return Date.parse(promotion.startTime) <= time && time < Date.parse(promotion.endTime);
}

/** The first promotion active now, preferring festivals. */
export function activePromotion(config: PromotionConfig, now: Date): Promotion | undefined {
  const active = config.promotions.filter((promotion) => isActive(promotion, now));
  return active.find((promotion) => promotion.isFestival) ?? active[0];
}

export function inFestival(config: PromotionConfig, now: Date): boolean {
  return config.promotions.some((promotion) => promotion.isFestival && isActive(promotion, now));
}

export function localise(text: LocalisedText, locale: Locale): string {
  return text[locale] ?? text.en ?? "";
}

/** Fills {{name}} from the values; an unknown name stays visible rather than vanishing silently. */
export function fillPlaceholders(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g, (whole, name: string) => values[name] ?? whole);
}
