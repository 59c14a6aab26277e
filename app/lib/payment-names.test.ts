import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { PROVIDER_CODES } from "../../core/billing/providers/payment-provider";
import { LOCALES, type Locale } from "../i18n/locales";

const CODES = LOCALES.map((locale) => locale.code);

import { translate } from "../i18n/translate";
import { planLength, planName, providerNameKey } from "./payment-names";

describe("planLength", () => {
  it.each([
    [1, { count: 1, unit: "month" }],
    [6, { count: 6, unit: "month" }],
    [12, { count: 1, unit: "year" }],
    [18, { count: 18, unit: "month" }],
    [24, { count: 2, unit: "year" }],
  ])("%i months", (months, expected) => {
    expect(planLength(months)).toEqual(expected);
  });
});

// The plans of the catalogue (1 month, 1 year, 2 years) as each language names them.
const PLAN_NAMES: Record<Locale, [string, string, string]> = {
  en: ["1 month", "1 year", "2 years"],
  ar: ["شهر", "سنة", "سنتان"],
  de: ["1 Monat", "1 Jahr", "2 Jahre"],
  es: ["1 mes", "1 año", "2 años"],
  // French binds "1" to its unit with a no-break space (as Intl writes it).
  fr: ["1\u00a0mois", "1\u00a0an", "2 ans"],
  it: ["1 mese", "1 anno", "2 anni"],
  ja: ["1 か月", "1 年", "2 年"],
  nl: ["1 maand", "1 jaar", "2 jaar"],
  pl: ["1 miesiąc", "1 rok", "2 lata"],
  pt: ["1 mês", "1 ano", "2 anos"],
  ru: ["1 месяц", "1 год", "2 года"],
};

describe("planName", () => {
  it.each(Object.entries(PLAN_NAMES) as Array<[Locale, [string, string, string]]>)("in %s", (locale, names) => {
    expect([planName(1, locale), planName(12, locale), planName(24, locale)]).toEqual(names);
  });
  it("covers every language", () => {
    expect(Object.keys(PLAN_NAMES).sort()).toEqual([...CODES].sort());
  });
});

const catalogues = (locale: string) => ({
  pricing: JSON.parse(readFileSync(`locales/${locale}/pricing.json`, "utf8")),
  myaccount: JSON.parse(readFileSync(`locales/${locale}/myaccount.json`, "utf8")),
});

describe("providerNameKey", () => {
  it.each(CODES)("names every provider in %s, never by its code", (locale) => {
    const resources = catalogues(locale);
    const names = PROVIDER_CODES.map((code) => translate(resources, locale, "myaccount", providerNameKey(code)));
    for (const [i, name] of names.entries()) {
      expect(name).not.toBe(PROVIDER_CODES[i]);
      expect(name).not.toMatch(/checkout\.providers|\b(s1|pd|ps|rz|tpa|so|gap)\b/);
    }
    // Google Play purchases start in the Android app: named for the store, not for Google Pay.
    expect(names[PROVIDER_CODES.indexOf("gap")]).toBe("Google Play");
    const other = translate(resources, locale, "myaccount", providerNameKey("zz"));
    expect(other).not.toMatch(/providerOther|zz/);
  });
});
