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

/**
 * The operator's brand, validated once. In the app's Vite build this module is replaced by the
 * value the build validated (scripts/vite-plugin-brand.ts), so zod never reaches the browser.
 */
export const BRAND: Brand = loadBrand();
