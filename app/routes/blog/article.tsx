import { Link } from "react-router";
import { localeInfo } from "../../../universal/i18n/locales";
import { ArticleCard } from "../../components/blog/article-card";
import { RenderedText, TableOfContents } from "../../components/content/rendered-text";
import { findArticle, relatedArticles } from "../../content/blog.server";
import { useT } from "../../i18n/translator";
import { useLocale } from "../../lib/use-page";
import { loadPage } from "../../routing/page-loader.server";
import type { Route } from "./+types/article";

export function loader(args: Route.LoaderArgs) {
  // loadPage 404s a unikey outside content/blog/articles.ts.
  const page = loadPage(args, "blog-article");
  const found = findArticle(page.locale, args.params.unikey);
  if (!found) throw new Error(`blog article ${args.params.unikey} is listed but has no file`);
  const { article, locales } = found;
  return {
    ...page,
    metaVars: { title: article.title, description: article.description },
    // hreflang only for the languages the article is written in.
    alternates: locales,
    ogType: "article" as const,
    article,
    related: relatedArticles(page.locale, article),
  };
}

/** Plain links to each network's own share page: no script of theirs runs on ours. */
function shareLinks(url: string, title: string) {
  const u = encodeURIComponent(url);
  const text = encodeURIComponent(title);
  return [
    { network: "X", href: `https://x.com/intent/post?url=${u}&text=${text}` },
    { network: "Facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { network: "LinkedIn", href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
    { network: "Telegram", href: `https://t.me/share/url?url=${u}&text=${text}` },
    { network: "WhatsApp", href: `https://wa.me/?text=${text}%20${u}` },
  ];
}

export default function BlogArticlePage({ loaderData }: Route.ComponentProps) {
  const t = useT("blog");
  const { to, origin, locale } = useLocale();
  const { article, related } = loaderData;
  const url = `${origin}${to(`/blog/${article.unikey}`)}`;
  const lang = article.fallback ? "en" : undefined;
  const structuredData = {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: article.title,
    description: article.description,
    datePublished: article.published,
    dateModified: article.updated ?? article.published,
    author: { "@type": "Organization", name: article.author },
    publisher: { "@type": "Organization", name: t("common:brand") },
    image: `${origin}${article.cover}`,
    inLanguage: localeInfo(article.fallback ? "en" : locale).iso,
    mainEntityOfPage: url,
    articleSection: t(`categories.${article.category}`),
    keywords: article.tags.map((tag) => t(`tags.${tag}`)).join(", "),
  };
  return (
    <article className="mx-auto max-w-6xl px-4 py-10">
      <script
        type="application/ld+json"
        // JSON-LD is data, not script; "<" is escaped so the text cannot close the element.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: our own JSON, escaped
        dangerouslySetInnerHTML={{ __html: JSON.stringify(structuredData).replace(/</g, "\\u003c") }}
      />
      <header className="mx-auto max-w-3xl">
        <p className="text-sm font-semibold">
          <Link to={to(`/blog/category/${article.category}`)} className="text-brand-700 hover:underline">
            {t(`categories.${article.category}`)}
          </Link>
        </p>
        <h1 className="mt-2 text-balance text-3xl font-bold tracking-tight sm:text-5xl" lang={lang}>
          {article.title}
        </h1>
        <p className="mt-4 text-lg text-slate-700" lang={lang}>
          {article.description}
        </p>
        <p className="mt-4 text-sm text-slate-700">
          {t("by", { author: article.author })}
          {" · "}
          <time dateTime={article.published}>{t("published", { date: article.published })}</time>
          {article.updated ? (
            <>
              {" · "}
              <time dateTime={article.updated}>{t("updated", { date: article.updated })}</time>
            </>
          ) : null}
          {" · "}
          {t("readingTime", { minutes: article.readingMinutes })}
        </p>
        {article.fallback ? (
          <p className="mt-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">{t("common:englishOnly")}</p>
        ) : null}
      </header>
      <img
        src={article.cover}
        alt={article.coverAlt}
        width={1200}
        height={630}
        className="mx-auto mt-8 aspect-[40/21] w-full max-w-4xl rounded-2xl object-cover"
        lang={lang}
      />
      <div className="mx-auto mt-10 grid max-w-5xl gap-10 lg:grid-cols-[1fr_16rem]">
        <RenderedText html={article.html} lang={lang} />
        <aside className="order-first lg:order-last">
          <TableOfContents title={t("toc")} headings={article.headings} lang={lang} />
        </aside>
      </div>
      <footer className="mx-auto mt-12 flex max-w-3xl flex-col gap-8">
        <div>
          <h2 className="text-sm font-bold uppercase tracking-wide text-slate-700">{t("tagsLabel")}</h2>
          <ul className="mt-2 flex flex-wrap gap-2">
            {article.tags.map((tag) => (
              <li key={tag}>
                <Link
                  to={to(`/blog/tag/${tag}`)}
                  className="block rounded-full bg-brand-50 px-3 py-1 text-sm text-brand-900 hover:underline"
                >
                  {t(`tags.${tag}`)}
                </Link>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="text-sm font-bold uppercase tracking-wide text-slate-700">{t("share")}</h2>
          <ul className="mt-2 flex flex-wrap gap-2">
            {shareLinks(url, article.title).map(({ network, href }) => (
              <li key={network}>
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="block rounded-lg border border-slate-300 px-3 py-1.5 text-sm hover:border-brand-600"
                >
                  {t("shareOn", { network })}
                </a>
              </li>
            ))}
            <li>
              <a
                href={`mailto:?subject=${encodeURIComponent(article.title)}&body=${encodeURIComponent(url)}`}
                className="block rounded-lg border border-slate-300 px-3 py-1.5 text-sm hover:border-brand-600"
              >
                {t("shareByEmail")}
              </a>
            </li>
          </ul>
        </div>
      </footer>
      {related.length > 0 ? (
        <section aria-labelledby="related-title" className="mx-auto mt-16 max-w-6xl">
          <h2 id="related-title" className="mb-6 text-2xl font-bold">
            {t("related")}
          </h2>
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {related.map((other) => (
              <ArticleCard key={other.unikey} article={other} />
            ))}
          </div>
        </section>
      ) : null}
    </article>
  );
}
