/**
 * The currencies the site sells in (decision 048): each one's ISO 4217 code, the symbol its prices
 * lead with, and the countries whose visitors are priced in it. A visitor from a country no
 * currency names pays in the first one (SPEC §3: USD). The order is the currency menu's.
 *
 * Operators: add a currency here (then give every plan a price in it with `npm run catalogue` or
 * the operator API; a currency without prices falls back to the first), or remove one. Amounts
 * are kept in hundredths, so only currencies with two decimals fit (not JPY or KRW). The seed's
 * four keep SPEC §3's symbols: $, A$, CA$, £.
 */
export const CURRENCY_TABLE = {
  USD: { symbol: "$", countries: ["US"] },
  AUD: { symbol: "A$", countries: ["AU"] },
  CAD: { symbol: "CA$", countries: ["CA"] },
  GBP: { symbol: "£", countries: ["GB"] },
  // The euro area (2026), and the microstates that use the euro by agreement.
  EUR: {
    symbol: "€",
    countries: [
      "AT",
      "BE",
      "BG",
      "CY",
      "DE",
      "EE",
      "ES",
      "FI",
      "FR",
      "GR",
      "HR",
      "IE",
      "IT",
      "LT",
      "LU",
      "LV",
      "MT",
      "NL",
      "PT",
      "SI",
      "SK",
      "AD",
      "MC",
      "SM",
      "VA",
      "ME",
      "XK",
    ],
  },
} as const satisfies Record<string, { symbol: string; countries: readonly string[] }>;
