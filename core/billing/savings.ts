/**
 * What the site may claim a buyer saves. A saving is computed from a plan's real list
 * (reference) price and the price it sells at; nothing else makes one up.
 */

/** SPEC §5/§9: the headline figure is at least 59, unless the operator turns the floor off (0). */
export const DEFAULT_DISCOUNT_FLOOR_PERCENT = 59;

/**
 * The saving of one price in whole percent, rounded down so it never claims more than is saved;
 * 0 when the sale price is not below the list price.
 */
export function savingPercent(listMinor: number, saleMinor: number): number {
  if (listMinor <= 0 || saleMinor >= listMinor) return 0;
  return Math.floor(((listMinor - saleMinor) * 100) / listMinor);
}

/**
 * The "save up to N%" figure: the best saving over the plans. The floor lifts a real saving to
 * at least `floorPercent` (SPEC §5); it never invents one: with no plan discounted it is 0,
 * and 0 means no badge, no "save" text and no promotion that quotes a saving.
 */
export function headlineSaving(savings: readonly number[], floorPercent: number): number {
  const best = Math.max(0, ...savings);
  if (best === 0) return 0;
  return Math.min(100, Math.max(best, floorPercent));
}
