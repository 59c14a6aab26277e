import type { ProviderCode } from "../billing/provider-codes";

/**
 * What the console's plans and route-rules views read (decision 056), the shapes of
 * server/api/console/catalogue.routes.ts: plain types, so the page needs no zod.
 */
export interface CataloguePrice {
  currency: string;
  list_amount: number;
  sale_amount: number;
  trial_amount: number | null;
  saving_percent: number;
}

export interface CataloguePlanRecord {
  id: string;
  months: number;
  device_limit: number;
  ip_limit: number;
  visible: boolean;
  is_default: boolean;
  sort_order: number;
  prices: CataloguePrice[];
  /** Provider code -> the processor's price or product id. */
  price_ids: Record<string, string>;
}

export interface CatalogueShelf {
  plans: CataloguePlanRecord[];
  currencies: string[];
  /** The codes the checkout offers, with the processor kind that serves each (null: the sandbox). */
  providers: Array<{ code: ProviderCode; processor: string | null }>;
}

export interface RouteRuleRecord {
  path: string;
  target: string;
  permanent: boolean;
  updated_at: string;
}
