import { describe, expect, it } from "vitest";
import { BLOG_ARTICLES } from "../../content/blog/articles";
import { BLOG_CATEGORIES } from "../../content/blog/taxonomy";
import { LOCALES, type Locale } from "../../universal/i18n/locales";
import {
  archivePage,
  buildLibrary,
  excerptAround,
  findArticle,
  listArticles,
  parseArticle,
  relatedArticles,
  searchArticles,
} from "./blog.server";

const body = "Some words here. ".repeat(60);
const article = (fields: Record<string, string>) =>
  `---\n${Object.entries({
    unikey: "a-test-article",
    title: '"A test article title"',
    description: '"A description long enough to pass the rule of fifty characters."',
    category: "privacy",
    tags: "[no-logs]",
    author: '"Veilport Privacy Team"',
    published: "2026-05-01",
    cover: "/images/blog/a-test-article.svg",
    coverAlt: '"Illustration: a closed eye"',
    featured: "false",
    ...fields,
  })
    .filter(([, value]) => value !== "")
    .map(([key, value]) => `${key}: ${value}`)
    .join("\n")}\n---\n\n${body}`;

describe("article files", () => {
  it("accepts a complete article", () => {
    expect(parseArticle("content/blog/en/a-test-article.md", article({}), "en")).toMatchObject({
      unikey: "a-test-article",
      category: "privacy",
      readingMinutes: 1,
    });
  });

  it("names the file and the field when front matter is wrong", () => {
    expect(() => parseArticle("content/blog/en/a-test-article.md", article({ author: "" }), "en")).toThrow(
      "content/blog/en/a-test-article.md: invalid front matter: author:",
    );
    expect(() => parseArticle("content/blog/en/a-test-article.md", article({ tags: "[knitting]" }), "en")).toThrow(
      /tags\.0/,
    );
    expect(() => parseArticle("content/blog/en/a-test-article.md", article({ extra: "1" }), "en")).toThrow(/extra/);
    expect(() => parseArticle("content/blog/en/other-name.md", article({}), "en")).toThrow(
      /differs from the file name/,
    );
  });

  it("refuses a translation that changes what must stay the same, and a list that disagrees", () => {
    const en = article({});
    expect(() =>
      buildLibrary(
        {
          "/content/blog/en/a-test-article.md": en,
          "/content/blog/de/a-test-article.md": article({ category: "security" }),
        },
        ["a-test-article"],
      ),
    ).toThrow("content/blog/de/a-test-article.md: category differs from the English original");
    expect(() => buildLibrary({ "/content/blog/en/a-test-article.md": en }, ["a-test-article", "missing"])).toThrow(
      "content/blog/en/missing.md is missing",
    );
    expect(() => buildLibrary({ "/content/blog/en/a-test-article.md": en }, [])).toThrow(/not listed/);
  });
});

describe("an article a language has no translation of", () => {
  const withLink = `${article({})}\nSee [our plans](/pricing).\n`;
  const library = buildLibrary(
    {
      "/content/blog/en/a-test-article.md": withLink,
      "/content/blog/de/a-test-article.md": article({ title: '"Ein Testartikel mit Titel"' }),
    },
    ["a-test-article"],
  );

  it("is the English text, flagged, with its links kept in the reader's language", () => {
    const found = findArticle("it", "a-test-article", library);
    expect(found?.article.fallback).toBe(true);
    expect(found?.article.title).toBe("A test article title");
    expect(found?.article.html).toContain('href="/it/pricing"');
    // hreflang is built from these: only the languages the article is written in.
    expect(found?.locales.sort()).toEqual(["de", "en"]);
  });

  it("is the translation, unflagged, where one exists", () => {
    const found = findArticle("de", "a-test-article", library);
    expect(found?.article.fallback).toBe(false);
    expect(found?.article.title).toBe("Ein Testartikel mit Titel");
  });
});

describe("the published blog", () => {
  const english = listArticles("en");

  it("has every listed article in English, newest first, across all categories", () => {
    expect(english.map((a) => a.unikey).sort()).toEqual([...BLOG_ARTICLES].sort());
    expect(english.length).toBeGreaterThanOrEqual(12);
    expect(new Set(english.map((a) => a.category))).toEqual(new Set(BLOG_CATEGORIES));
    const dates = english.map((a) => a.published);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it("pages the archive six at a time and has no page past the end", () => {
    expect(archivePage("en", 1)?.articles).toHaveLength(6);
    expect(archivePage("en", 1)?.pages).toBe(Math.ceil(english.length / 6));
    expect(archivePage("en", 99)).toBeNull();
    expect(archivePage("en", 0)).toBeNull();
  });

  it("relates articles of the same category first", () => {
    const source = english.find((a) => a.unikey === "webrtc-leaks-explained");
    const related = relatedArticles("en", source!);
    expect(related).toHaveLength(3);
    expect(related[0]?.category).toBe(source?.category);
    expect(related.map((a) => a.unikey)).not.toContain("webrtc-leaks-explained");
  });

  it("finds articles by words in their text, with the matches marked", () => {
    const results = searchArticles("en", "WireGuard");
    expect(results[0]?.article.unikey).toBe("vpn-encryption-explained");
    expect(results[0]?.excerpt.some((piece) => piece.mark && piece.text.toLowerCase() === "wireguard")).toBe(true);
    expect(searchArticles("en", "zzqxjv")).toEqual([]);
    expect(searchArticles("en", "   ")).toEqual([]);
  });

  it("searches a language without spaces between words", () => {
    expect(listArticles("ja").filter((a) => a.fallback)).toEqual([]);
    expect(searchArticles("ja", "暗号化").length).toBeGreaterThan(0);
  });
});

describe("blog search folds case, accents and hyphens, in every language", () => {
  const keys = (locale: Locale, query: string) => searchArticles(locale, query).map((hit) => hit.article.unikey);
  const mentioningWiFi = (locale: Locale) =>
    BLOG_ARTICLES.filter((unikey) => {
      const article = findArticle(locale, unikey)?.article;
      return /wi-fi/i.test(`${article?.title} ${article?.description} ${article?.text}`);
    }).sort();

  it.each(LOCALES.map((locale) => locale.code))(
    "%s: wifi, WI-FI and Wi‑Fi (non-breaking hyphen) find every article that says Wi-Fi",
    (locale) => {
      // German articles say WLAN (searched below); every other language writes Wi-Fi somewhere.
      const expected = mentioningWiFi(locale);
      expect(expected.length > 0).toBe(locale !== "de");
      for (const query of ["wifi", "WI-FI", "Wi\u2011Fi", "ＷｉＦｉ"])
        expect(keys(locale, query).sort()).toEqual(expected);
    },
  );

  // locale, query as a visitor types it (no accents, other case), an article it must find
  const table: Array<[Locale, string, string]> = [
    ["en", "wi fi", "public-wifi-safety"],
    ["en", "E-MAIL", "how-websites-track-you"],
    ["ar", "تسرب", "dns-leaks-what-they-are"],
    ["de", "offentlichen", "public-wifi-safety"],
    ["de", "wlan", "public-wifi-safety"],
    ["de", "DNS LEAKS", "dns-leaks-what-they-are"],
    ["es", "publicas", "public-wifi-safety"],
    ["fr", "securite", "public-wifi-safety"],
    ["fr", "SÉCURITÉ", "public-wifi-safety"],
    ["it", "perche", "public-wifi-safety"],
    ["ja", "暗号化", "vpn-encryption-explained"],
    ["ja", "ｗｉｆｉ", "public-wifi-safety"],
    ["nl", "een", "how-websites-track-you"],
    ["pl", "bezpieczenstwo", "public-wifi-safety"],
    ["pt", "seguranca", "public-wifi-safety"],
    ["ru", "еще", "public-wifi-safety"],
    ["ru", "WI-FI", "public-wifi-safety"],
  ];
  it.each(table)("%s: %s finds %s", (locale, query, unikey) => {
    expect(keys(locale, query)).toContain(unikey);
  });

  it("marks what matched in the excerpt as it is written", () => {
    const [hit] = searchArticles("en", "wifi");
    expect(hit?.excerpt.filter((piece) => piece.mark).map((piece) => piece.text)).toContain("Wi-Fi");
    const french = searchArticles("fr", "securite");
    const marked = french.flatMap((hit) => hit.excerpt.filter((piece) => piece.mark).map((piece) => piece.text));
    expect(marked).toContain("sécurité");
  });
});

describe("excerptAround", () => {
  it("cuts around the first match and marks each match, whatever the case", () => {
    const text = `${"a ".repeat(100)}The DNS leak test and dns again ${"b ".repeat(100)}`;
    const excerpt = excerptAround(text, ["dns"], 20);
    expect(excerpt[0]?.text.startsWith("…")).toBe(true);
    expect(excerpt.filter((piece) => piece.mark).map((piece) => piece.text)).toEqual(["DNS", "dns"]);
  });
});
