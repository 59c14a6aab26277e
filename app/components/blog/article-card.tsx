import { Link } from "react-router";
import type { ArticleSummary } from "../../content/blog.server";
import { useT } from "../../i18n/translator";
import { useLocale } from "../../lib/use-page";

/** One article in a list: cover, category, title, description, date and reading time. */
export function ArticleCard({ article, headingLevel = 3 }: { article: ArticleSummary; headingLevel?: 2 | 3 }) {
  const t = useT("blog");
  const { to } = useLocale();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const href = to(`/blog/${article.unikey}`);
  return (
    <article className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <img
        src={article.cover}
        alt=""
        width={1200}
        height={630}
        loading="lazy"
        className="aspect-[40/21] w-full object-cover"
      />
      <div className="flex flex-1 flex-col gap-2 p-5">
        <Link
          to={to(`/blog/category/${article.category}`)}
          className="text-sm font-semibold text-brand-700 hover:underline"
        >
          {t(`categories.${article.category}`)}
        </Link>
        <Heading className="text-xl font-bold leading-snug" lang={article.fallback ? "en" : undefined}>
          <Link to={href} className="hover:underline">
            {article.title}
          </Link>
        </Heading>
        <p className="text-slate-700" lang={article.fallback ? "en" : undefined}>
          {article.description}
        </p>
        <p className="mt-auto pt-2 text-sm text-slate-600">
          <time dateTime={article.published}>{article.published}</time>
          {" · "}
          {t("readingTime", { minutes: article.readingMinutes })}
        </p>
      </div>
    </article>
  );
}

export function ArticleGrid({ articles, headingLevel }: { articles: ArticleSummary[]; headingLevel?: 2 | 3 }) {
  const t = useT("blog");
  if (articles.length === 0) return <p className="text-slate-700">{t("noArticles")}</p>;
  return (
    <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {articles.map((article) => (
        <ArticleCard key={article.unikey} article={article} headingLevel={headingLevel} />
      ))}
    </div>
  );
}
