/**
 * The interface languages (SPEC §3 locale table). Adding a language: one line here, one folder in
 * locales/ (a copy of locales/en/, translated) and one in content/legal/; every per-language list
 * (routes, prerendered pages, sitemap, hreflang, language menu, e-mail catalogues, number signs,
 * legal texts, blog fallback) derives from this table.
 * numbers: the decimal sign, grouping sign, CLDR minimum grouping digits (2: "1234,50" but
 * "12.345,67"), the size of the groups after the first three (2 in Hindi: "12,34,567.50") and the
 * digits zero to nine, as Intl.NumberFormat gives them (format.test.ts checks them against Intl).
 * Prices are formatted from these because the first Intl.NumberFormat in a page costs ~60 ms of
 * locale-data loading (measured in Chromium), a long task on every page with prices.
 * wordSpaces: whether the script puts spaces between words (Japanese and Thai do not: reading time
 * counts characters, line breaks come from the browser's dictionary). sentenceSpaces: whether
 * sentences are joined with a space: Japanese ends them with "。" and joins them without one; Thai
 * has no full stop, its space between sentences is the only boundary, so it keeps the space.
 */
const LATIN = "0123456789";
const PERSIAN = "۰۱۲۳۴۵۶۷۸۹";

export const LOCALES = [
  {
    code: "en",
    iso: "en-US",
    dir: "ltr",
    name: "English",
    wordSpaces: true,
    sentenceSpaces: true,
    numbers: { decimal: ".", group: ",", minGroup: 1, secondaryGroup: 3, digits: LATIN },
  },
  {
    code: "ar",
    iso: "ar",
    dir: "rtl",
    name: "العربية",
    wordSpaces: true,
    sentenceSpaces: true,
    numbers: { decimal: ".", group: ",", minGroup: 1, secondaryGroup: 3, digits: LATIN },
  },
  {
    code: "de",
    iso: "de-DE",
    dir: "ltr",
    name: "Deutsch",
    wordSpaces: true,
    sentenceSpaces: true,
    numbers: { decimal: ",", group: ".", minGroup: 1, secondaryGroup: 3, digits: LATIN },
  },
  {
    code: "es",
    iso: "es-ES",
    dir: "ltr",
    name: "Español",
    wordSpaces: true,
    sentenceSpaces: true,
    numbers: { decimal: ",", group: ".", minGroup: 2, secondaryGroup: 3, digits: LATIN },
  },
  {
    code: "fa",
    iso: "fa-IR",
    dir: "rtl",
    name: "فارسی",
    wordSpaces: true,
    sentenceSpaces: true,
    numbers: { decimal: "٫", group: "٬", minGroup: 1, secondaryGroup: 3, digits: PERSIAN },
  },
  {
    code: "fr",
    iso: "fr-FR",
    dir: "ltr",
    name: "Français",
    wordSpaces: true,
    sentenceSpaces: true,
    numbers: { decimal: ",", group: "\u202f", minGroup: 1, secondaryGroup: 3, digits: LATIN },
  },
  {
    code: "hi",
    iso: "hi-IN",
    dir: "ltr",
    name: "हिन्दी",
    wordSpaces: true,
    sentenceSpaces: true,
    numbers: { decimal: ".", group: ",", minGroup: 1, secondaryGroup: 2, digits: LATIN },
  },
  {
    code: "id",
    iso: "id-ID",
    dir: "ltr",
    name: "Bahasa Indonesia",
    wordSpaces: true,
    sentenceSpaces: true,
    numbers: { decimal: ",", group: ".", minGroup: 1, secondaryGroup: 3, digits: LATIN },
  },
  {
    code: "it",
    iso: "it",
    dir: "ltr",
    name: "Italiano",
    wordSpaces: true,
    sentenceSpaces: true,
    numbers: { decimal: ",", group: ".", minGroup: 2, secondaryGroup: 3, digits: LATIN },
  },
  {
    code: "ja",
    iso: "ja-JP",
    dir: "ltr",
    name: "日本語",
    wordSpaces: false,
    sentenceSpaces: false,
    numbers: { decimal: ".", group: ",", minGroup: 1, secondaryGroup: 3, digits: LATIN },
  },
  {
    code: "ms",
    iso: "ms-MY",
    dir: "ltr",
    name: "Bahasa Melayu",
    wordSpaces: true,
    sentenceSpaces: true,
    numbers: { decimal: ".", group: ",", minGroup: 1, secondaryGroup: 3, digits: LATIN },
  },
  {
    code: "nl",
    iso: "nl-NL",
    dir: "ltr",
    name: "Nederlands",
    wordSpaces: true,
    sentenceSpaces: true,
    numbers: { decimal: ",", group: ".", minGroup: 1, secondaryGroup: 3, digits: LATIN },
  },
  {
    code: "pl",
    iso: "pl-PL",
    dir: "ltr",
    name: "Polski",
    wordSpaces: true,
    sentenceSpaces: true,
    numbers: { decimal: ",", group: "\u00a0", minGroup: 2, secondaryGroup: 3, digits: LATIN },
  },
  {
    code: "pt",
    iso: "pt-BR",
    dir: "ltr",
    name: "Português",
    wordSpaces: true,
    sentenceSpaces: true,
    numbers: { decimal: ",", group: ".", minGroup: 1, secondaryGroup: 3, digits: LATIN },
  },
  {
    code: "ru",
    iso: "ru-RU",
    dir: "ltr",
    name: "Русский",
    wordSpaces: true,
    sentenceSpaces: true,
    numbers: { decimal: ",", group: "\u00a0", minGroup: 1, secondaryGroup: 3, digits: LATIN },
  },
  {
    code: "th",
    iso: "th-TH",
    dir: "ltr",
    name: "ไทย",
    wordSpaces: false,
    sentenceSpaces: true,
    numbers: { decimal: ".", group: ",", minGroup: 1, secondaryGroup: 3, digits: LATIN },
  },
  {
    code: "tr",
    iso: "tr-TR",
    dir: "ltr",
    name: "Türkçe",
    wordSpaces: true,
    sentenceSpaces: true,
    numbers: { decimal: ",", group: ".", minGroup: 1, secondaryGroup: 3, digits: LATIN },
  },
  {
    code: "uk",
    iso: "uk-UA",
    dir: "ltr",
    name: "Українська",
    wordSpaces: true,
    sentenceSpaces: true,
    numbers: { decimal: ",", group: "\u00a0", minGroup: 1, secondaryGroup: 3, digits: LATIN },
  },
] as const;

export type Locale = (typeof LOCALES)[number]["code"];
export type LocaleInfo = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = "en";
export const LOCALE_COOKIE = "locale";
export const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

const BY_CODE = new Map<string, LocaleInfo>(LOCALES.map((locale) => [locale.code, locale]));

export function isLocale(value: string | undefined | null): value is Locale {
  return value != null && BY_CODE.has(value);
}

export function localeInfo(locale: Locale): LocaleInfo {
  return BY_CODE.get(locale) as LocaleInfo;
}

/** The URL prefix of a locale: "" for the default language, "/de" for the others. */
export function localePrefix(locale: Locale): string {
  return locale === DEFAULT_LOCALE ? "" : `/${locale}`;
}

/** Splits "/de/pricing" into {locale: "de", rest: "/pricing"}; an unprefixed path is the default language. */
export function splitLocale(pathname: string): { locale: Locale; rest: string; prefixed: boolean } {
  const first = pathname.split("/")[1];
  if (isLocale(first)) {
    const rest = pathname.slice(first.length + 1) || "/";
    return { locale: first, rest: rest.startsWith("/") ? rest : `/${rest}`, prefixed: true };
  }
  return { locale: DEFAULT_LOCALE, rest: pathname || "/", prefixed: false };
}

/** The same page in another language: localizePath("/pricing", "de") -> "/de/pricing". */
export function localizePath(rest: string, locale: Locale): string {
  const prefix = localePrefix(locale);
  if (rest === "/" || rest === "") return prefix || "/";
  return `${prefix}${rest}`;
}

/** The page name (translation namespace) of a path: first segment after the locale, "home" when empty. */
export function pageNameOf(pathname: string): string {
  const { rest } = splitLocale(pathname);
  return rest.split("/")[1] || "home";
}

/**
 * The best supported language in an Accept-Language header ("de-CH,de;q=0.9,en;q=0.8" -> "de"),
 * by quality, matching on the primary subtag; null when none is supported.
 */
export function localeFromAcceptLanguage(header: string | undefined | null): Locale | null {
  if (!header) return null;
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { tag: tag.toLowerCase(), q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => entry.tag && entry.q > 0 && !Number.isNaN(entry.q))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const primary = tag.split("-")[0];
    if (isLocale(primary)) return primary;
  }
  return null;
}
