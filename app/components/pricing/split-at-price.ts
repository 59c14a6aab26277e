/**
 * A translated phrase around a price ("{{price}} per month", "月額{{price}}") cut into the words
 * before the price, the price and the words after it, so each piece can be kept on one line.
 */
export function splitAtPrice(phrase: string, price: string): { before: string; price: string; after: string } {
  const at = phrase.indexOf(price);
  if (at < 0) return { before: phrase, price: "", after: "" };
  return { before: phrase.slice(0, at), price, after: phrase.slice(at + price.length) };
}
