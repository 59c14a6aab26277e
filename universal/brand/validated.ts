import brandFile from "../../content/brand/brand.ts";
import { parseOperatorFile } from "../operator-file.ts";
import { type Brand, brandSchema } from "./schema.ts";

/**
 * The operator's brand, validated once. In the app's Vite build this module is replaced by the
 * value the build validated (scripts/vite-plugin-brand.ts), so zod never reaches the browser.
 */
export const BRAND: Brand = parseOperatorFile(brandSchema, brandFile, "content/brand/brand.ts");
