import { BRAND } from "./validated.ts";

/** The operator's brand (content/brand/brand.ts), validated once. */
export { BRAND };

/** The {{placeholders}} every catalogue string may use, filled by translate(). */
export const BRAND_VARIABLES: Readonly<Record<string, string>> = {
  brand: BRAND.name,
  brandShort: BRAND.shortName,
};

/** Fills `{{brand}}` and `{{brandShort}}` in a text that does not go through translate() (Markdown files). */
export function fillBrandPlaceholders(text: string): string {
  return text.replace(/{{\s*(brand|brandShort)\s*}}/g, (_whole, name: string) => BRAND_VARIABLES[name] ?? "");
}
