/** SPEC §3: the four currencies, their symbols and countries; any other country pays in USD. */
export const CURRENCIES = {
  USD: { symbol: "$", country: "US" },
  AUD: { symbol: "A$", country: "AU" },
  CAD: { symbol: "CA$", country: "CA" },
  GBP: { symbol: "£", country: "GB" },
} as const;
export type Currency = keyof typeof CURRENCIES;

export function isCurrency(value: string | undefined | null): value is Currency {
  return value != null && value in CURRENCIES;
}

export function currencyForCountry(countryCode: string | undefined | null): Currency {
  const code = (countryCode ?? "").toUpperCase();
  const found = (Object.keys(CURRENCIES) as Currency[]).find((currency) => CURRENCIES[currency].country === code);
  return found ?? "USD";
}
