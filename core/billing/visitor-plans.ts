import type { Database } from "../../db/client";
import { CURRENCIES, type Currency } from "../../universal/billing/currencies";
import type { VisitorPlans } from "../../universal/billing/plan-item";
import { currencyForCountry, headlineDiscount, planItemsForVisitor } from "./catalogue";

const isKnownCurrency = (value: string | null | undefined): value is Currency =>
  value != null && Object.hasOwn(CURRENCIES, value);

/**
 * The currency the visitor has asked for (decision 019): the one in the address (?currency=, a
 * plan chosen in a currency keeps it), else the one they chose before (the cookie). Null when
 * they asked for none: their country decides.
 */
export function askedCurrency(input: { requested?: string | null; remembered?: string | null }): Currency | null {
  if (isKnownCurrency(input.requested)) return input.requested;
  if (isKnownCurrency(input.remembered)) return input.remembered;
  return null;
}

/**
 * The plans a visitor is shown, priced in the currency they asked for, else in their country's
 * (`country` when the caller names one, else the country of their address, looked up only then).
 * The one implementation behind the plans API and the pages that show prices.
 */
export async function visitorPlans(
  db: Database,
  options: { discountFloorPercent: number; countryOfAddress: () => Promise<string | undefined> },
  input: { requested?: string | null; remembered?: string | null; country?: string | null },
): Promise<VisitorPlans> {
  const preferred = askedCurrency(input) ?? currencyForCountry(input.country ?? (await options.countryOfAddress()));
  const { currency, items } = await planItemsForVisitor(db, preferred);
  // "0%" when no plan is discounted: the site then shows no badge and no promotion quoting a saving.
  const discount = headlineDiscount(items, options.discountFloorPercent);
  return { plans: items, discount: `${discount}%`, currency };
}
