import { CURRENCY_TABLE } from "../../content/currencies";

/**
 * The currencies the operator sells in (content/currencies.ts, decision 048): symbol and the
 * countries priced in each; any other country pays in the first (SPEC §3: USD).
 */
export const CURRENCIES: Readonly<
  Record<keyof typeof CURRENCY_TABLE, { symbol: string; countries: readonly string[] }>
> = CURRENCY_TABLE;
export type Currency = keyof typeof CURRENCY_TABLE;

/** The currency menu's order; the first is the fallback. */
export const CURRENCY_CODES = Object.keys(CURRENCIES) as [Currency, ...Currency[]];
export const FALLBACK_CURRENCY: Currency = CURRENCY_CODES[0];

export function isCurrency(value: string | undefined | null): value is Currency {
  return value != null && Object.hasOwn(CURRENCIES, value);
}

export function currencyForCountry(countryCode: string | undefined | null): Currency {
  const code = (countryCode ?? "").toUpperCase();
  const found = CURRENCY_CODES.find((currency) => CURRENCIES[currency].countries.includes(code));
  return found ?? FALLBACK_CURRENCY;
}

/** What a currency table must hold, one problem per line (the test of content/currencies.ts reads it). */
export function currencyTableProblems(
  table: Readonly<Record<string, { symbol: string; countries: readonly string[] }>>,
): string[] {
  const problems: string[] = [];
  const seen = new Map<string, string>();
  for (const [code, { symbol, countries }] of Object.entries(table)) {
    if (!/^[A-Z]{3}$/.test(code)) problems.push(`${code}: not an ISO 4217 code (three capital letters)`);
    if (!symbol.trim()) problems.push(`${code}: no symbol`);
    for (const country of countries) {
      if (!/^[A-Z]{2}$/.test(country)) problems.push(`${code}: ${country} is not a country code (two capital letters)`);
      const other = seen.get(country);
      if (other) problems.push(`${country} is priced in both ${other} and ${code}`);
      seen.set(country, code);
    }
  }
  if (Object.keys(table).length === 0) problems.push("no currency");
  return problems;
}
