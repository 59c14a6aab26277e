import { describe, expect, it } from "vitest";
import { LOCALES, type Locale } from "./locales";
import { planName, planTerm } from "./plan-name";

describe("planTerm", () => {
  it.each([
    [1, { count: 1, unit: "month" }],
    [6, { count: 6, unit: "month" }],
    [12, { count: 1, unit: "year" }],
    [18, { count: 18, unit: "month" }],
    [24, { count: 2, unit: "year" }],
  ])("%i months is %o", (months, expected) => {
    expect(planTerm(months)).toEqual(expected);
  });
});

describe("planName", () => {
  it.each([
    ["en", 1, "1 month"],
    ["en", 12, "1 year"],
    ["en", 24, "2 years"],
    ["de", 24, "2 Jahre"],
    ["ja", 12, "1 年"],
    ["fr", 1, "1 mois"],
  ] as const)("in %s, %i months reads %s", (locale, months, expected) => {
    expect(planName(months, locale).replace(/\s/gu, " ")).toBe(expected);
  });

  it("never shows a plan id in any language", () => {
    for (const { code } of LOCALES) {
      for (const months of [1, 12, 24]) expect(planName(months, code)).not.toMatch(/-(month|year)/);
    }
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
  fa: ["۱ ماه", "۱ سال", "۲ سال"],
  hi: ["1 महीना", "1 वर्ष", "2 वर्ष"],
  id: ["1 bulan", "1 tahun", "2 tahun"],
  ms: ["1 bulan", "1 tahun", "2 tahun"],
  th: ["1 เดือน", "1 ปี", "2 ปี"],
  tr: ["1 ay", "1 yıl", "2 yıl"],
  uk: ["1 місяць", "1 рік", "2 роки"],
};

describe("planName in every language", () => {
  it.each(Object.entries(PLAN_NAMES) as Array<[Locale, [string, string, string]]>)("in %s", (locale, names) => {
    expect([planName(1, locale), planName(12, locale), planName(24, locale)]).toEqual(names);
  });
  it("covers every language", () => {
    expect(Object.keys(PLAN_NAMES).sort()).toEqual(LOCALES.map((locale) => locale.code).sort());
  });
});
