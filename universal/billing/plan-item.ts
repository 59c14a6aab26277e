import type { Currency } from "./currencies";

/** The plan item of SPEC §3, amounts in major units. */
export interface PlanItem {
  id: string;
  months: number;
  device_limit: number;
  is_default: boolean;
  /** What is charged for the whole term. */
  price_amount: number;
  /** The same per month. */
  price_unit: number;
  /** The list price of the term before the discount. */
  price_discount_amount: number;
  /** How much the discount saves. */
  price_deduction_amount: number;
  trial_price: number | null;
  /** price_amount as text with two decimals. */
  money: string;
  currency: Currency;
  currencySymbol: string;
  /** The real saving against the list price, rounded down: "69%", or "0%" when not discounted. */
  discount_percent: string;
}

/** The plans a visitor is shown (the plans API and the pages that show prices). */
export interface VisitorPlans {
  /** Empty until the operator adds plans: not for sale yet. */
  plans: PlanItem[];
  /** The headline saving, "73%"; "0%" when no plan is discounted (no badge, no promotion). */
  discount: string;
  currency: Currency;
  /**
   * The ways to pay this visitor can use in `currency` from their country, in the operator's
   * order (decision 048): what the pricing page lists. Pages get it; the plans API leaves it out.
   */
  methods?: Array<{ code: string; kind: string | null }>;
}
