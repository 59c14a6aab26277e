import MiniSearch from "minisearch";
import { z } from "zod";
import { BLOG_ARTICLES } from "../../content/blog/articles";
import { BLOG_CATEGORIES, BLOG_TAGS } from "../../content/blog/taxonomy";
import { fillBrandPlaceholders } from "../../universal/brand/brand";
import { DEFAULT_LOCALE, isLocale, type Locale, localizePath } from "../../universal/i18n/locales";
import { findTerms, searchTerms } from "./blog-search";
import { type Heading, readingMinutes, renderMarkdown, splitFrontMatter } from "./markdown.server";

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be a YYYY-MM-DD date");

/** The front matter every article file must carry; anything missing or unknown fails the build. */
export const articleFrontMatter = z
  .object({
    unikey: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "must be lower-case words joined by hyphens"),
    title: z.string().min(10).max(100),
    description: z.string().min(50).max(220),
    category: z.enum(BLOG_CATEGORIES),
    tags: z.array(z.enum(BLOG_TAGS)).min(1),
    author: z.string().min(3),
    published: isoDate,
    updated: isoDate.optional(),
    cover: z.string().regex(/^\/images\/blog\/[a-z0-9-]+\.svg$/),
    coverAlt: z.string().min(10),
    featured: z.boolean().default(false),
  })
  .strict();

export interface ArticleSummary {
  unikey: string;
  locale: Locale;
  /** Shown in English because this language has no translation yet. */
  fallback: boolean;
  title: string;
  description: string;
  category: (typeof BLOG_CATEGORIES)[number];
  tags: Array<(typeof BLOG_TAGS)[number]>;
  author: string;
  published: string;
  updated?: string;
  cover: string;
  coverAlt: string;
  featured: boolean;
  readingMinutes: number;
}

export interface Article extends ArticleSummary {
  html: string;
  headings: Heading[];
  text: string;
}

/** Parses and checks one article file; `path` names it in the error. */
export function parseArticle(path: string, source: string, locale: Locale): Article {
  const { data, body } = splitFrontMatter(fillBrandPlaceholders(source));
  const parsed = articleFrontMatter.safeParse(data);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join(".") || "(front matter)"}: ${issue.message}`,
    );
    throw new Error(`${path}: invalid front matter: ${problems.join("; ")}`);
  }
  const fileKey = /([^/]+)\.md$/.exec(path)?.[1];
  if (fileKey !== parsed.data.unikey)
    throw new Error(`${path}: unikey ${parsed.data.unikey} differs from the file name`);
  if (body.trim().length < 500) throw new Error(`${path}: the article body is missing or too short`);
  const rendered = renderMarkdown(body, { localizeLink: (target) => localizePath(target, locale) });
  return {
    ...parsed.data,
    locale,
    fallback: false,
    ...rendered,
    readingMinutes: readingMinutes(rendered.text, locale),
  };
}

/** Loads every article and checks the set: each translation matches its English original. */
export function buildLibrary(
  files: Record<string, string>,
  expected: readonly string[] = BLOG_ARTICLES,
): Map<string, Map<Locale, Article>> {
  const library = new Map<string, Map<Locale, Article>>();
  for (const [path, source] of Object.entries(files)) {
    const locale = /blog\/([a-z]{2})\/[^/]+\.md$/.exec(path)?.[1];
    if (!isLocale(locale)) throw new Error(`${path}: not in a language folder`);
    const article = parseArticle(path, source, locale);
    const versions = library.get(article.unikey) ?? new Map<Locale, Article>();
    versions.set(locale, article);
    library.set(article.unikey, versions);
  }
  for (const unikey of expected) {
    if (!library.get(unikey)?.has(DEFAULT_LOCALE)) throw new Error(`content/blog/en/${unikey}.md is missing`);
  }
  for (const [unikey, versions] of library) {
    if (!expected.includes(unikey)) throw new Error(`blog article ${unikey} is not listed in content/blog/articles.ts`);
    const original = versions.get(DEFAULT_LOCALE);
    if (!original) throw new Error(`blog article ${unikey} has translations but no English original`);
    for (const [locale, article] of versions) {
      for (const field of ["category", "published", "cover"] as const) {
        if (article[field] !== original[field]) {
          throw new Error(`content/blog/${locale}/${unikey}.md: ${field} differs from the English original`);
        }
      }
      if (article.tags.join() !== original.tags.join()) {
        throw new Error(`content/blog/${locale}/${unikey}.md: tags differ from the English original`);
      }
    }
  }
  return library;
}

const files = import.meta.glob("../../content/blog/*/*.md", {
  query: "?raw",
  import: "default",
  eager: true,
}) as Record<string, string>;
const library = buildLibrary(files);

const summaryOf = (article: Article, fallback: boolean): ArticleSummary => {
  return {
    unikey: article.unikey,
    locale: article.locale,
    fallback,
    title: article.title,
    description: article.description,
    category: article.category,
    tags: article.tags,
    author: article.author,
    published: article.published,
    updated: article.updated,
    cover: article.cover,
    coverAlt: article.coverAlt,
    featured: article.featured,
    readingMinutes: article.readingMinutes,
  };
};

const newestFirst = (a: ArticleSummary, b: ArticleSummary) =>
  b.published.localeCompare(a.published) || a.unikey.localeCompare(b.unikey);

/**
 * The article in this language, or the English original with `fallback` set. `articles` is the
 * published library unless a test passes its own.
 */
export function findArticle(
  locale: Locale,
  unikey: string,
  articles: Map<string, Map<Locale, Article>> = library,
): { article: Article; locales: Locale[] } | undefined {
  const versions = articles.get(unikey);
  if (!versions) return undefined;
  const own = versions.get(locale);
  const article = own ?? versions.get(DEFAULT_LOCALE);
  if (!article) return undefined;
  // The English text shown in another language still links to that language's pages.
  const html = own
    ? article.html
    : article.html.replace(/href="\/(?!\/)/g, `href="${localizePath("/", locale).replace(/\/$/, "")}/`);
  return { article: { ...article, html, fallback: !own }, locales: [...versions.keys()] };
}

/** Every article, in this language where translated, newest first. */
export function listArticles(locale: Locale): ArticleSummary[] {
  return [...library.keys()]
    .map((unikey) => {
      const found = findArticle(locale, unikey);
      return found ? summaryOf(found.article, found.article.fallback) : undefined;
    })
    .filter((summary): summary is ArticleSummary => summary !== undefined)
    .sort(newestFirst);
}

/** Up to `count` other articles: same category first, then shared tags, then newest. */
export function relatedArticles(locale: Locale, article: ArticleSummary, count = 3): ArticleSummary[] {
  const score = (other: ArticleSummary) =>
    (other.category === article.category ? 2 : 0) + other.tags.filter((tag) => article.tags.includes(tag)).length;
  return listArticles(locale)
    .filter((other) => other.unikey !== article.unikey)
    .map((other) => ({ other, score: score(other) }))
    .sort((a, b) => b.score - a.score || newestFirst(a.other, b.other))
    .slice(0, count)
    .map(({ other }) => other);
}

/** A page of the archive (1-based); null when the page does not exist. */
export function archivePage(locale: Locale, page: number, perPage = 6) {
  const all = listArticles(locale);
  const pages = Math.max(1, Math.ceil(all.length / perPage));
  if (!Number.isInteger(page) || page < 1 || page > pages) return null;
  return { articles: all.slice((page - 1) * perPage, page * perPage), page, pages };
}

/** Text pieces of a search result excerpt; `mark` pieces matched the query. */
export type Excerpt = Array<{ text: string; mark: boolean }>;

const indexes = new Map<Locale, MiniSearch<Article>>();
function searchIndex(locale: Locale): MiniSearch<Article> {
  let index = indexes.get(locale);
  if (!index) {
    index = new MiniSearch<Article>({
      idField: "unikey",
      fields: ["title", "description", "text"],
      tokenize: (text) => searchTerms(text, locale, "index"),
      searchOptions: {
        tokenize: (query) => searchTerms(query, locale, "query"),
        boost: { title: 3, description: 2 },
        prefix: true,
        fuzzy: 0.15,
        combineWith: "AND",
      },
    });
    index.addAll([...library.keys()].map((unikey) => findArticle(locale, unikey)?.article as Article));
    indexes.set(locale, index);
  }
  return index;
}

/**
 * Cuts the text around the first match of the `focus` terms (else of any term) and marks every
 * match in the cut; matches are found the way search finds them (case, accents and hyphens
 * folded: "wifi" marks "Wi-Fi").
 */
export function excerptAround(text: string, terms: string[], radius = 90, focus: string[] = terms): Excerpt {
  const matches = findTerms(text, terms);
  const first = (findTerms(text, focus)[0] ?? matches[0])?.[0] ?? 0;
  const start = matches.length > 0 ? Math.max(0, first - radius) : 0;
  const end = Math.min(text.length, first + radius * 2);
  const pieces: Excerpt = [];
  if (start > 0) pieces.push({ text: "…", mark: false });
  let at = start;
  for (const [from, to] of matches) {
    if (to <= at || from >= end) continue;
    if (from > at) pieces.push({ text: text.slice(at, from), mark: false });
    pieces.push({ text: text.slice(Math.max(from, at), Math.min(to, end)), mark: true });
    at = Math.min(to, end);
  }
  if (at < end) pieces.push({ text: text.slice(at, end), mark: false });
  if (end < text.length) pieces.push({ text: "…", mark: false });
  // Neighbouring plain pieces read as one.
  return pieces.reduce<Excerpt>((joined, piece) => {
    const last = joined.at(-1);
    if (last && !last.mark && !piece.mark) last.text += piece.text;
    else joined.push({ ...piece });
    return joined;
  }, []);
}

/** Full-text search over this language's articles, best first, with marked excerpts. */
export function searchArticles(locale: Locale, query: string): Array<{ article: ArticleSummary; excerpt: Excerpt }> {
  const trimmed = query.trim().slice(0, 200);
  if (!trimmed) return [];
  return searchIndex(locale)
    .search(trimmed)
    .slice(0, 20)
    .map((hit) => {
      const found = findArticle(locale, hit.id as string);
      const article = found?.article as Article;
      // Centre on what was typed (or its continuation) rather than on a fuzzy neighbour.
      const typed = hit.terms.filter((term) => hit.queryTerms.some((query) => term.startsWith(query)));
      return {
        article: summaryOf(article, article.fallback),
        excerpt: excerptAround(article.text, hit.terms, 90, typed.length > 0 ? typed : hit.terms),
      };
    });
}
