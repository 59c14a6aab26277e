/**
 * The seasonal promotions the site has artwork and copy for ("custom": a neutral look and a generic
 * text, for an occasion the operator names in its own headline). Its own zod-free module: the pure
 * helpers (promotion-config.ts, in the browser) and the schema (promotion-config.schema.ts, on the
 * server) both need it, and neither may import the other's values.
 */
export const PROMOTION_KINDS = [
  "anniversary",
  "back-to-school",
  "easter",
  "black-friday",
  "christmas",
  "new-year",
  "custom",
] as const;
export type PromotionKind = (typeof PROMOTION_KINDS)[number];
