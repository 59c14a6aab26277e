/**
 * An amount typed in major units ("47.88", "47,88", "47") as minor units (4788), or null when it
 * is not one: the console's price fields (decision 056). Every currency the site sells in has two
 * decimals (universal/billing/processor-kinds.ts), so a third decimal is a typo, not a rounding.
 */
export function parseMajorAmount(text: string): number | null {
  const match = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const [, whole = "0", fraction = ""] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** Minor units as the price field shows them: 4788 -> "47.88", 500 -> "5.00". */
export function majorAmountText(amountMinor: number): string {
  return `${Math.floor(amountMinor / 100)}.${String(amountMinor % 100).padStart(2, "0")}`;
}
