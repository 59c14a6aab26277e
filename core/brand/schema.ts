import { z } from "zod";

/**
 * What an operator's brand file (content/brand/brand.ts) may say. Checked when the brand module
 * loads, so a bad value fails the build (prerendering imports it) and the start.
 */
// Letters, digits, spaces and a few marks: names go into YAML front matter, titles and mail headers.
const productName = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .regex(/^[\p{L}\p{N}][\p{L}\p{N} .&'’+-]*$/u, "may use letters, digits, spaces and . & ' + -");

export const brandSchema = z.object({
  /** The product's name as copy uses it ("Northwind VPN"): titles, headings, e-mails, legal pages. */
  name: productName(40),
  /** Where space is tight: the web manifest's short_name, the app-icon label. */
  shortName: productName(20),
});

export type BrandInput = z.input<typeof brandSchema>;
export type Brand = z.output<typeof brandSchema>;

/** Typed helper for the brand file: `export default defineBrand({...})`. */
export function defineBrand(brand: BrandInput): BrandInput {
  return brand;
}
