import { describe, expect, it } from "vitest";
import type { Locale } from "../../universal/i18n/locales";
import { findTerms, foldText, searchTerms } from "./blog-search";

describe("foldText", () => {
  // as written -> as compared
  const table: Array<[string, string]> = [
    ["Wi-Fi", "wi-fi"],
    ["Wi\u2011Fi", "wi-fi"],
    ["Sécurité", "securite"],
    ["SÉCURITÉ", "securite"],
    ["se\u0301curite\u0301", "securite"],
    ["Straße", "strasse"],
    ["Bezpieczeństwo łącza", "bezpieczenstwo lacza"],
    ["ещё всё", "еще все"],
    ["تَسَرُّب", "تسرب"],
    ["ＷｉＦｉ", "wifi"],
    ["ｶﾞ", "ガ"],
    ["ガイド", "ガイド"],
    ["l’adresse", "l'adresse"],
    // Thai and Devanagari vowel signs and tone marks are letters of the word, not accents.
    ["ความปลอดภัย", "ความปลอดภัย"],
    ["सुरक्षा", "सुरक्षा"],
    ["امنیت‌", "امنیت"],
    ["می‌توانم", "میتوانم"],
    ["كيفيت", "کیفیت"],
  ];
  it.each(table)("%s -> %s", (written, folded) => {
    expect(foldText(written)).toBe(folded);
  });
});

describe("searchTerms", () => {
  // locale, text, use -> terms
  const table: Array<[Locale, string, "index" | "query", string[]]> = [
    ["en", "Public Wi-Fi", "index", ["public", "wifi", "wi", "fi"]],
    ["en", "WI-FI", "query", ["wifi"]],
    ["en", "wi fi", "query", ["wi", "fi"]],
    ["en", "e-mail", "query", ["email"]],
    ["en", "a - b", "index", ["a", "b"]],
    ["en", "foo -bar", "query", ["foo", "bar"]],
    ["fr", "l’adresse IP", "index", ["l'adresse", "l", "adresse", "ip"]],
    ["ja", "公衆Wi-Fiの安全性", "query", ["公衆", "wifi", "の", "安全", "性"]],
    ["th", "ความปลอดภัยของ Wi-Fi", "query", ["ความ", "ปลอดภัย", "ของ", "wifi"]],
    ["hi", "वाई-फ़ाई सुरक्षा", "query", ["वाईफाई", "सुरक्षा"]],
  ];
  it.each(table)("%s %s (%s)", (locale, text, use, terms) => {
    expect(searchTerms(text, locale, use)).toEqual(terms);
  });
});

describe("findTerms", () => {
  it("finds folded terms where they are written, hyphens and accents included", () => {
    const text = "Le Wi-Fi public et la sécurité du WIFI";
    const ranges = findTerms(text, ["wifi", "securite"]).map(([from, to]) => text.slice(from, to));
    expect(ranges).toEqual(["Wi-Fi", "sécurité", "WIFI"]);
    expect(findTerms(text, ["absent"])).toEqual([]);
  });
});
