import type { Heading } from "../../content/markdown.server";
import "./rendered-text.css";

/** HTML rendered from this repository's Markdown (articles, legal texts), in the site's type styles. */
export function RenderedText({ html, lang }: { html: string; lang?: string }) {
  return (
    <div
      className="rendered-text"
      lang={lang}
      // Rendered from Markdown in this repository; operator values put into it are escaped.
      // biome-ignore lint/security/noDangerouslySetInnerHtml: trusted content from the repository
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

/** A sticky list of a text's headings that jump to them (### indented). */
export function TableOfContents({ title, headings, lang }: { title: string; headings: Heading[]; lang?: string }) {
  return (
    <nav aria-label={title} className="rounded-2xl border border-slate-200 bg-white p-5 lg:sticky lg:top-24">
      <h2 className="text-sm font-bold uppercase tracking-wide text-slate-700">{title}</h2>
      <ol className="mt-3 flex flex-col gap-2 text-sm" lang={lang}>
        {headings.map((heading) => (
          <li key={heading.id} className={heading.depth === 3 ? "ps-4" : undefined}>
            <a href={`#${heading.id}`} className="text-brand-700 hover:underline">
              {heading.text}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
