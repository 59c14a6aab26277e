import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { namespaceOfPage } from "../../app/i18n/page-namespace";
import { PAGES } from "../../app/routing/pages";
import { BRAND_VARIABLES } from "../../universal/brand/brand";
import { DEFAULT_LOCALE, LOCALES } from "../../universal/i18n/locales";
import { EXTRA_NAMESPACES, MAX_KEY_DEPTH, SHARED_NAMESPACES } from "../../universal/i18n/namespaces";

const root = path.resolve(import.meta.dirname, "../../locales");
type Tree = { [key: string]: string | Tree };

function read(locale: string, namespace: string): Tree {
  return JSON.parse(readFileSync(path.join(root, locale, `${namespace}.json`), "utf8"));
}

/** Every leaf as [dotted key, value, depth]. */
function leaves(tree: Tree, prefix = "", depth = 1): Array<[string, unknown, number]> {
  return Object.entries(tree).flatMap(([key, value]) =>
    value !== null && typeof value === "object"
      ? leaves(value as Tree, `${prefix}${key}.`, depth + 1)
      : [[`${prefix}${key}`, value, depth] as [string, unknown, number]],
  );
}

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
/** A plural group `devices_one`, `devices_other`… counts as one key, `devices_*`, across languages. */
const keyOf = (key: string) => key.replace(PLURAL_SUFFIX, "_*");

const placeholders = (value: unknown) => [...String(value).matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
const namespaces = readdirSync(path.join(root, DEFAULT_LOCALE)).map((file) => file.replace(/\.json$/, ""));

describe("translation catalogues", () => {
  it("have a namespace for every page and every shared group", () => {
    const needed = new Set([
      ...SHARED_NAMESPACES,
      ...EXTRA_NAMESPACES,
      ...PAGES.map((page) => namespaceOfPage(page.key)),
    ]);
    expect(namespaces.sort()).toEqual([...needed].sort());
  });

  it.each(LOCALES.map((locale) => locale.code))(
    "%s has exactly the keys of en, with the same placeholders",
    (locale) => {
      expect(readdirSync(path.join(root, locale)).sort()).toEqual(readdirSync(path.join(root, DEFAULT_LOCALE)).sort());
      const problems: string[] = [];
      for (const namespace of namespaces) {
        const english = new Map(leaves(read(DEFAULT_LOCALE, namespace)).map(([key, value]) => [keyOf(key), value]));
        const translated = leaves(read(locale, namespace)).map(
          ([key, value, depth]) => [keyOf(key), value, depth] as const,
        );
        const seen = new Set<string>();
        for (const [key, value, depth] of translated) {
          seen.add(key);
          if (!english.has(key)) problems.push(`${namespace}:${key} is not in en`);
          if (typeof value !== "string" || value.trim() === "")
            problems.push(`${namespace}:${key} is empty or not text`);
          if (depth > MAX_KEY_DEPTH) problems.push(`${namespace}:${key} is nested deeper than ${MAX_KEY_DEPTH}`);
          // A plural form may write its number as a word ("يومان", "un jour"): `count` may be left out.
          // The brand is filled everywhere, so a translation may name it where English says "it".
          const compared = (text: unknown) =>
            placeholders(text).filter(
              (name) => !(key.endsWith("_*") && name === "count") && !Object.hasOwn(BRAND_VARIABLES, name ?? ""),
            );
          if (english.has(key) && compared(value).join() !== compared(english.get(key)).join()) {
            problems.push(`${namespace}:${key} changes the placeholders`);
          }
        }
        for (const key of english.keys()) if (!seen.has(key)) problems.push(`${namespace}:${key} is missing`);
      }
      expect(problems).toEqual([]);
    },
  );

  it.each(LOCALES.map((locale) => [locale.code, locale.iso] as const))(
    "%s has every plural form its language needs, and no other",
    (locale, iso) => {
      const needed = new Intl.PluralRules(iso).resolvedOptions().pluralCategories.sort();
      const problems: string[] = [];
      for (const namespace of namespaces) {
        const groups = new Map<string, string[]>();
        for (const [key] of leaves(read(locale, namespace))) {
          const suffix = PLURAL_SUFFIX.exec(key)?.[1];
          if (suffix) groups.set(keyOf(key), [...(groups.get(keyOf(key)) ?? []), suffix]);
        }
        for (const [group, forms] of groups) {
          if (forms.sort().join() !== needed.join()) {
            problems.push(`${namespace}:${group} has ${forms.join(", ")}; ${locale} needs ${needed.join(", ")}`);
          }
        }
      }
      expect(problems).toEqual([]);
    },
  );

  it.each(LOCALES.filter((locale) => locale.code !== DEFAULT_LOCALE).map((locale) => locale.code))(
    "%s is a real translation, not a copy of English",
    (locale) => {
      let same = 0;
      let total = 0;
      for (const namespace of namespaces) {
        const english = new Map(leaves(read(DEFAULT_LOCALE, namespace)).map(([key, value]) => [key, value]));
        for (const [key, value] of leaves(read(locale, namespace))) {
          total++;
          if (value === english.get(key)) same++;
        }
      }
      // Brand and country names may legitimately match; anything beyond a few percent is a copy.
      expect(same / total).toBeLessThan(0.12);
    },
  );
});
