import { BRAND_VARIABLES } from "../brand/brand";
import { localDigits } from "./digits";
import type { Catalogue, Resources } from "./namespaces";

export interface TranslateOptions {
  /** Used for plurals: `key_one`, `key_other`, … chosen by Intl.PluralRules. */
  count?: number;
  /** Returned when the key is missing (screens that must work without catalogues). */
  defaultValue?: string;
  [variable: string]: string | number | undefined;
}

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralCategory(locale: string, count: number): string {
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    pluralRules.set(locale, rules);
  }
  return rules.select(count);
}

function find(catalogue: Catalogue | undefined, key: string): string | undefined {
  let node: Catalogue | string | undefined = catalogue;
  for (const part of key.split(".")) {
    if (node === undefined || typeof node === "string") return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

/**
 * Looks a key up in i18next-format catalogues and fills it in: `ns:key` or the default
 * namespace, dotted nesting, `{{variable}}` interpolation (numbers in the language's digits), `_one`/`_other`… plural suffixes.
 * The missing key itself is returned (so a gap shows, and the completeness test catches it).
 */
export function translate(
  resources: Resources,
  locale: string,
  defaultNamespace: string,
  fullKey: string,
  options: TranslateOptions = {},
): string {
  const split = fullKey.indexOf(":");
  const namespace = split > 0 ? fullKey.slice(0, split) : defaultNamespace;
  const key = split > 0 ? fullKey.slice(split + 1) : fullKey;
  const catalogue = resources[namespace];
  let template: string | undefined;
  if (typeof options.count === "number") {
    template = find(catalogue, `${key}_${pluralCategory(locale, options.count)}`) ?? find(catalogue, `${key}_other`);
  }
  template ??= find(catalogue, key) ?? options.defaultValue;
  if (template === undefined) return key;
  return template.replace(/{{\s*(\w+)\s*}}/g, (whole, name: string) => {
    const value = options[name] ?? BRAND_VARIABLES[name];
    if (value === undefined) return whole;
    // A number put into the text is written in the language's digits (Persian ۱۴, not 14).
    return typeof value === "number" ? localDigits(String(value), locale) : String(value);
  });
}
