import type { Database } from "../../db/client";
import type { Currency } from "../../universal/billing/currencies";
import { isActive, type PromotionConfig, type Sale } from "../../universal/promotions/promotion-config";
import { readPromotionConfig } from "../config/promotion-store";

/**
 * A promotion's real sale (decision 057): sale prices per plan and currency, or a coupon applied
 * automatically, in force exactly while its window [startTime, endTime) is open. The server's
 * clock decides, passed in as `now`; the catalogue's price lookup (catalogue.ts) and the purchase
 * (start-purchase.ts) call these, so the pricing page, the plans API and the charge agree.
 */

export interface SaleInForce {
  promotionId: string;
  sale: Sale;
}

/** The sale in force at `now`: of the open promotions carrying one, a festival first, then the list's order. */
export function saleInForce(config: PromotionConfig, now: Date): SaleInForce | null {
  const open = config.promotions.filter((promotion) => promotion.sale && isActive(promotion, now));
  const chosen = open.find((promotion) => promotion.isFestival) ?? open[0];
  return chosen?.sale ? { promotionId: chosen.id, sale: chosen.sale } : null;
}

/** The sale's price of a plan in a currency (minor units); null when the sale sets none for it. */
export function salePriceFor(sale: Sale | undefined, planId: string, currency: Currency): number | null {
  if (sale?.kind !== "prices") return null;
  return sale.prices.find((price) => price.plan_id === planId && price.currency === currency)?.amount ?? null;
}

/**
 * A catalogue price with the sale's amount: the sale replaces the catalogue's own sale price, but
 * never raises it (a sale price set above today's price is ignored) and the list price stays the
 * reference the saving is measured against.
 */
export function withSalePrice<Price extends { listAmount: number; saleAmount: number }>(
  price: Price,
  saleAmount: number | null,
): Price {
  if (saleAmount === null || saleAmount >= price.saleAmount) return price;
  return { ...price, saleAmount };
}

/** The coupon a sale applies to purchases that name none; null without one. */
export function autoCouponOf(sale: Sale | undefined): string | null {
  return sale?.kind === "coupon" ? sale.coupon : null;
}

/**
 * The sale in force now, read from the stored promotions. A stored document that no longer
 * parses means no sale (the site then shows no promotion either, promotion-store.ts).
 */
export async function currentSale(db: Database, now: Date): Promise<SaleInForce | null> {
  return saleInForce(await readPromotionConfig(db, () => {}), now);
}
