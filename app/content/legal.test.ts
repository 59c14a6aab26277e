import { describe, expect, it } from "vitest";
import { LOCALES, type Locale, localeInfo } from "../../universal/i18n/locales";
import { translate } from "../../universal/i18n/translate";
import { loadNamespaces } from "../i18n/catalogues.server";
import { applyConditions, buildLegalLibrary, legalText } from "./legal.server";

const site = {
  brand: "Example VPN",
  legalEntity: "Example <VPN> Ltd",
  legalAddress: "1 High Street, London",
  governingLaw: "England and Wales",
  privacyEmail: "privacy@vpn.example",
  supportEmail: "help@vpn.example",
};

describe("legal texts", () => {
  it("fills the operator's details in, escaped, and links stay in the reader's language", () => {
    const text = legalText("privacy-policy", "de", site);
    expect(text.html).toContain("Example &lt;VPN&gt; Ltd");
    expect(text.html).toContain("privacy@vpn.example");
    expect(text.html).not.toMatch(/\{\{\w+\}\}/);
    expect(text.html).not.toMatch(/href="\/(?!de\/)[a-z]/);
    expect(text.headings.length).toBeGreaterThan(5);
    expect(text.effective).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("shows English, flagged, where a language has no translation, and names the languages it has", () => {
    const english = legalText("cookie-policy", "en", site);
    expect(english.fallback).toBe(false);
    expect(english.locales).toContain("en");
    const other = legalText("cookie-policy", "nl", site);
    expect(other.fallback).toBe(!other.locales.includes("nl"));
  });

  it("fails the build on a bad file", () => {
    const good = (page: string) =>
      `---\npage: ${page}\ntitle: "Terms"\ndescription: "${"d".repeat(60)}"\neffective: 2025-11-01\nupdated: 2026-11-01\n---\n${"Text. ".repeat(300)}`;
    const all = Object.fromEntries(
      ["privacy-policy", "terms-of-service", "termsuse", "cookie-policy-2025"].map((page) => [
        `/content/legal/en/${page}.md`,
        good(page),
      ]),
    );
    expect(buildLegalLibrary(all).size).toBe(4);
    expect(() =>
      buildLegalLibrary({ ...all, "/content/legal/en/termsuse.md": good("termsuse").replace("Text.", "{{ceo}}") }),
    ).toThrow("content/legal/en/termsuse.md: unknown placeholder {{ceo}}");
    expect(() =>
      buildLegalLibrary({
        ...all,
        "/content/legal/en/termsuse.md": good("termsuse").replace("Text.", "<!-- if moneyBack -->Text."),
      }),
    ).toThrow("/content/legal/en/termsuse.md: <!-- if --> block not closed with <!-- end -->");
    expect(() =>
      buildLegalLibrary({
        ...all,
        "/content/legal/en/termsuse.md": good("termsuse").replace("Text.", "{{moneyBackPeriod}}"),
      }),
    ).toThrow("/content/legal/en/termsuse.md: {{moneyBackPeriod}} outside an <!-- if moneyBack --> block");
    expect(() =>
      buildLegalLibrary({
        ...all,
        "/content/legal/de/termsuse.md": good("termsuse").replace("2025-11-01", "2025-12-01"),
      }),
    ).toThrow("dates differ from the English original");
    const { ["/content/legal/en/termsuse.md"]: _, ...missing } = all;
    expect(() => buildLegalLibrary(missing)).toThrow("content/legal/en/termsuse.md is missing");
  });
});

describe("conditional blocks in legal texts", () => {
  const file = "content/legal/en/x.md";
  it.each([
    ["a <!-- if moneyBack -->kept<!-- end --> b", true, "a kept b"],
    ["a <!-- if moneyBack -->gone<!-- end --> b", false, "a  b"],
    ["<!-- if moneyBack -->yes<!-- else -->no<!-- end -->", true, "yes"],
    ["<!-- if moneyBack -->yes<!-- else -->no<!-- end -->", false, "no"],
    ["<!--if moneyBack-->\n## 6. A\n<!--else-->\n## 6. B\n<!--end-->\n## 7. C", false, "\n## 6. B\n\n## 7. C"],
    ["<!-- if moneyBack -->x<!-- if moneyBack -->y<!-- else -->z<!-- end --><!-- end -->", false, ""],
    ["no blocks at all", false, "no blocks at all"],
  ])("%j with moneyBack %s gives %j", (text, moneyBack, expected) => {
    expect(applyConditions(text, { moneyBack }, file)).toBe(expected);
  });

  it.each([
    ["<!-- if refunds -->x<!-- end -->", 'content/legal/en/x.md: unknown condition "refunds"'],
    ["<!-- if moneyBack -->x", "content/legal/en/x.md: <!-- if --> block not closed with <!-- end -->"],
    ["<!-- if moneyBack -->x<!-- else -->y", "content/legal/en/x.md: <!-- if --> block not closed"],
    ["x<!-- end -->", "content/legal/en/x.md: <!-- end --> without an open <!-- if -->"],
    ["x<!-- else -->y", "content/legal/en/x.md: <!-- else --> without an open <!-- if -->"],
    ["<!-- if moneyBack -->a<!-- else -->b<!-- else -->c<!-- end -->", "<!-- else --> without an open <!-- if -->"],
  ])("%j fails with one line naming the file", (text, message) => {
    for (const moneyBack of [true, false]) {
      expect(() => applyConditions(text, { moneyBack }, file)).toThrow(message);
    }
  });
});

const site2 = { ...site, legalEntity: "Example VPN Ltd" };
const locales = LOCALES.map((info) => info.code) as Locale[];

/** Words that make a money-back promise, per language: none may remain when no promise is made. */
const MONEY_BACK_WORDS: Record<Locale, RegExp> = {
  en: /money[- ]back|our guarantee/i,
  ar: /ضمان استرداد|ضماننا/,
  de: /Geld-zurück|unsere Garantie|Garantiefrist/i,
  es: /garantía de reembolso|nuestra garantía/i,
  fr: /satisfait ou rembours|notre garantie/i,
  it: /garanzia di rimborso|nostra garanzia/i,
  ja: /返金保証|当社の保証/,
  nl: /geld-terug|onze garantie/i,
  pl: /gwarancj[aąięy] zwrotu|nasza gwarancja/i,
  pt: /garantia de reembolso|nossa garantia/i,
  ru: /гаранти[яиюей] возврата|наша гарантия|гарантийн/i,
  fa: /ضمانت بازگشت وجه|ضمانت ما/,
  hi: /मनी-बैक गारंटी|हमारी गारंटी/,
  id: /jaminan uang kembali|jaminan kami/i,
  ms: /jaminan wang dikembalikan|jaminan kami/i,
  th: /รับประกันคืนเงิน|การรับประกันของเรา/,
  tr: /para iade garantisi|garantimiz/i,
  uk: /гаранті[яїюєй] повернення|наша гарантія/i,
};

/** A text with the locale's digits (Persian ۰–۹) written as 0–9, so section numbers compare alike. */
const latinDigits = (text: string, locale: Locale) => {
  const { digits } = localeInfo(locale).numbers;
  return text.replace(/\p{Nd}/gu, (digit) => (digits.includes(digit) ? String(digits.indexOf(digit)) : digit));
};

/** What a reader sees of some HTML (not its tags, ids or links). */
const visibleText = (html: string) => html.replace(/<[^>]*>/g, " ");

/** The HTML of section 6 (from its heading to the next section's). */
function sectionSix(html: string): string {
  const start = html.search(/<h2[^>]*>6\./);
  const end = html.search(/<h2[^>]*>7\./);
  expect(start).toBeGreaterThan(-1);
  return html.slice(start, end);
}

describe("the money-back window in the terms of service comes from content/claims.ts", () => {
  it.each(locales)("%s: a 14-day promise reads 14 days in the guarantee, nowhere 30", (locale) => {
    const text = legalText("terms-of-service", locale, site2, { moneyBackDays: 14 });
    expect(text.fallback).toBe(false);
    const fourteen = translate(loadNamespaces(locale, ["common"]), locale, "common", "claims.moneyBackPeriod", {
      count: 14,
    });
    const six = sectionSix(latinDigits(text.html, locale));
    expect(six).toContain(latinDigits(fourteen, locale));
    expect(visibleText(six)).toMatch(MONEY_BACK_WORDS[locale]);
    expect(six).not.toContain("30");
    expect(text.html).not.toMatch(/\{\{|<!--/);
  });

  it.each(locales)("%s: no promise leaves no guarantee and sections numbered without gaps", (locale) => {
    const text = legalText("terms-of-service", locale, site2, { moneyBackDays: null });
    expect(text.html).not.toMatch(/\{\{|<!--/);
    expect(visibleText(text.html)).not.toMatch(MONEY_BACK_WORDS[locale]);
    expect(sectionSix(latinDigits(text.html, locale))).not.toContain("30");
    const headings = text.headings.map((heading) => ({ ...heading, text: latinDigits(heading.text, locale) }));
    const sections = headings.filter((heading) => heading.depth === 2).map((heading) => heading.text);
    expect(sections.length).toBeGreaterThan(10);
    expect(sections.map((heading) => /^(\d+)\. /.exec(heading)?.[1])).toEqual(
      sections.map((_, index) => `${index + 1}`),
    );
    const subsections = headings.filter((heading) => heading.depth === 3).map((heading) => heading.text);
    expect(subsections.filter((heading) => heading.startsWith("6."))).toHaveLength(3);
  });

  it("the shipped claims still promise the guarantee they set", () => {
    const text = legalText("terms-of-service", "en", site2);
    expect(sectionSix(text.html)).toContain("within 30 days of that purchase");
  });
});
