import brandFile from "../../content/brand/brand.ts";
import { type Brand, brandSchema } from "./schema.ts";

function loadBrand(): Brand {
  const parsed = brandSchema.safeParse(brandFile);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`content/brand/brand.ts: ${issue?.path.join(".") || "brand"} ${issue?.message ?? "is invalid"}`);
  }
  return parsed.data;
}

/** The operator's brand, validated once. */
export const BRAND: Brand = loadBrand();

/** The {{placeholders}} every catalogue string may use, filled by translate(). */
export const BRAND_VARIABLES: Readonly<Record<string, string>> = {
  brand: BRAND.name,
  brandShort: BRAND.shortName,
};

/** Fills `{{brand}}` and `{{brandShort}}` in a text that does not go through translate() (Markdown files). */
export function fillBrandPlaceholders(text: string): string {
  return text.replace(/{{\s*(brand|brandShort)\s*}}/g, (_whole, name: string) => BRAND_VARIABLES[name] ?? "");
}
