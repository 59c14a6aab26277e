import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { planPrices, plans } from "../../db/schema";
import {
  CURRENCIES,
  CURRENCY_CODES,
  type Currency,
  currencyForCountry,
  FALLBACK_CURRENCY,
  isCurrency,
} from "../../universal/billing/currencies";
import type { PlanItem } from "../../universal/billing/plan-item";
import { currentSale, salePriceFor, withSalePrice } from "./promotion-sale";
import { headlineSaving, savingPercent } from "./savings";

export { CURRENCIES, CURRENCY_CODES, type Currency, currencyForCountry, FALLBACK_CURRENCY, isCurrency, type PlanItem };

const major = (minor: number) => Math.round(minor) / 100;

/**
 * The badge figure over the plans shown: their best real saving, lifted to `floorPercent`
 * (SPEC §5's 59 by default); 0 when no plan is discounted, whatever the floor.
 */
export function headlineDiscount(items: Pick<PlanItem, "discount_percent">[], floorPercent: number): number {
  return headlineSaving(
    items.map((item) => Number.parseInt(item.discount_percent, 10) || 0),
    floorPercent,
  );
}

export function toPlanItem(
  plan: { id: string; months: number; deviceLimit: number; isDefault: boolean },
  price: { listAmount: number; saleAmount: number; trialAmount: number | null },
  currency: Currency,
): PlanItem {
  return {
    id: plan.id,
    months: plan.months,
    device_limit: plan.deviceLimit,
    is_default: plan.isDefault,
    price_amount: major(price.saleAmount),
    price_unit: Math.round(price.saleAmount / plan.months) / 100,
    price_discount_amount: major(price.listAmount),
    price_deduction_amount: major(price.listAmount - price.saleAmount),
    trial_price: price.trialAmount === null ? null : major(price.trialAmount),
    money: (price.saleAmount / 100).toFixed(2),
    currency,
    currencySymbol: CURRENCIES[currency].symbol,
    discount_percent: `${savingPercent(price.listAmount, price.saleAmount)}%`,
  };
}

/**
 * The active plans priced in one currency, in display order, at the sale price of the promotion
 * whose window is open at `now` (promotion-sale.ts, decision 057).
 */
export async function listPlanItems(db: Database, currency: Currency, now = new Date()): Promise<PlanItem[]> {
  const rows = await db
    .select({ plan: plans, price: planPrices })
    .from(plans)
    .innerJoin(planPrices, and(eq(planPrices.planId, plans.id), eq(planPrices.currency, currency)))
    .where(eq(plans.active, true))
    .orderBy(asc(plans.sortOrder));
  const sale = rows.length > 0 ? await currentSale(db, now) : null;
  return rows.map(({ plan, price }) =>
    toPlanItem(plan, withSalePrice(price, salePriceFor(sale?.sale, plan.id, currency)), currency),
  );
}

/**
 * The plans in the visitor's currency; when the operator has priced none in it, in the fallback
 * currency (USD), then in any currency that has prices (content/currencies.ts's order), so a visitor never reads "not for sale" while plans are on sale.
 */
export async function planItemsForVisitor(
  db: Database,
  preferred: Currency,
): Promise<{ currency: Currency; items: PlanItem[] }> {
  const order = [preferred, ...CURRENCY_CODES.filter((code) => code !== preferred)];
  for (const currency of order) {
    const items = await listPlanItems(db, currency);
    if (items.length > 0) return { currency, items };
  }
  return { currency: preferred, items: [] };
}

export async function findPlanItem(
  db: Database,
  planId: string,
  currency: Currency,
  now = new Date(),
): Promise<PlanItem | undefined> {
  return (await listPlanItems(db, currency, now)).find((item) => item.id === planId);
}

/** Whether any visible plan has a price: without one the site shows "not for sale yet". */
export async function hasPlansForSale(db: Database): Promise<boolean> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(plans)
    .innerJoin(planPrices, eq(planPrices.planId, plans.id))
    .where(eq(plans.active, true));
  return (row?.count ?? 0) > 0;
}
