import GithubSlugger from "github-slugger";
import { Marked, type Tokens } from "marked";
import { parse as parseYaml } from "yaml";
import { type Locale, localeInfo } from "../../universal/i18n/locales";

export interface Heading {
  id: string;
  text: string;
  depth: number;
}

export interface RenderedMarkdown {
  html: string;
  /** ## and ### headings, in order, for a table of contents. */
  headings: Heading[];
  /** The text without markup (search, reading time, excerpts). */
  text: string;
}

/** Splits `---\nyaml\n---\nbody`; the front matter is parsed as YAML (dates stay strings). */
export function splitFrontMatter(source: string): { data: unknown; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(source);
  if (!match) return { data: {}, body: source };
  return { data: parseYaml(match[1] ?? "", { schema: "core" }), body: source.slice(match[0].length) };
}

const plain = (html: string) =>
  html
    .replace(/<[^>]+>/g, "")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");

/**
 * Markdown from the repository (trusted) to HTML: headings get stable ids for the table of
 * contents, tables scroll on narrow screens, links that leave the site open safely.
 */
export function renderMarkdown(
  body: string,
  options: { localizeLink?: (path: string) => string } = {},
): RenderedMarkdown {
  const slugger = new GithubSlugger();
  const headings: Heading[] = [];
  const marked = new Marked({ gfm: true });
  marked.use({
    renderer: {
      heading(this: { parser: { parseInline(tokens: Tokens.Generic[]): string } }, token: Tokens.Heading) {
        const inner = this.parser.parseInline(token.tokens);
        const text = plain(inner);
        const id = slugger.slug(text);
        if (token.depth === 2 || token.depth === 3) headings.push({ id, text, depth: token.depth });
        return `<h${token.depth} id="${id}">${inner}</h${token.depth}>\n`;
      },
      link(this: { parser: { parseInline(tokens: Tokens.Generic[]): string } }, token: Tokens.Link) {
        const inner = this.parser.parseInline(token.tokens);
        const external = /^https?:\/\//.test(token.href);
        const rel = external ? ' rel="noopener noreferrer"' : "";
        // Links between our pages stay in the reader's language (/pricing -> /de/pricing).
        const href = token.href.startsWith("/") && options.localizeLink ? options.localizeLink(token.href) : token.href;
        return `<a href="${href}"${rel}>${inner}</a>`;
      },
    },
  });
  const rendered = marked.parse(body, { async: false }) as string;
  const html = rendered
    // Focusable, so a keyboard can scroll a table wider than a phone (WCAG 2.1.1).
    .replace(/<table>/g, '<div class="table-scroll" tabindex="0"><table>')
    .replace(/<\/table>/g, "</table></div>");
  return { html, headings, text: plain(rendered).replace(/\s+/g, " ").trim() };
}

/**
 * Minutes to read: words at 230 a minute, or characters at 500 a minute in a script without spaces
 * between words (Japanese, Thai), where counting spaces would make a whole paragraph one word.
 */
export function readingMinutes(text: string, locale: Locale): number {
  const units = localeInfo(locale).wordSpaces
    ? text.split(/\s+/).filter(Boolean).length / 230
    : text.replace(/\s/g, "").length / 500;
  return Math.max(1, Math.round(units));
}
