import { Link } from "react-router";
import { BLOG_CATEGORIES } from "../../../content/blog/taxonomy";
import { ArticleGrid } from "../../components/blog/article-card";
import { PageIntro } from "../../components/page-intro";
import { listArticles } from "../../content/blog.server";
import { useT } from "../../i18n/translator";
import { useLocale } from "../../lib/use-page";
import { loadPage } from "../../routing/page-loader.server";
import type { Route } from "./+types/index";

export function loader(args: Route.LoaderArgs) {
  const page = loadPage(args, "blog");
  const articles = listArticles(page.locale);
  const featured = articles.filter((article) => article.featured).slice(0, 3);
  const latest = articles.filter((article) => !featured.includes(article)).slice(0, 6);
  const counts = Object.fromEntries(
    BLOG_CATEGORIES.map((category) => [category, articles.filter((article) => article.category === category).length]),
  );
  return { ...page, featured, latest, counts };
}

export default function BlogPage({ loaderData }: Route.ComponentProps) {
  const t = useT("blog");
  const { to } = useLocale();
  const { featured, latest, counts } = loaderData;
  return (
    <>
      <PageIntro />
      <div className="mx-auto flex max-w-6xl flex-col gap-14 px-4 py-12">
        <section aria-labelledby="featured-title">
          <h2 id="featured-title" className="mb-6 text-2xl font-bold">
            {t("featured")}
          </h2>
          <ArticleGrid articles={featured} />
        </section>
        <section aria-labelledby="latest-title">
          <h2 id="latest-title" className="mb-6 text-2xl font-bold">
            {t("latest")}
          </h2>
          <ArticleGrid articles={latest} />
          <p className="mt-8 flex flex-wrap gap-4">
            <Link
              to={to("/blog/more")}
              className="rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-600"
            >
              {t("allArticles")}
            </Link>
            <a
              href={`${to("/blog")}/rss.xml`}
              className="rounded-lg px-5 py-2.5 font-semibold text-brand-700 underline"
            >
              {t("feed")}
            </a>
          </p>
        </section>
        <section aria-labelledby="categories-title">
          <h2 id="categories-title" className="mb-6 text-2xl font-bold">
            {t("browseCategories")}
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {BLOG_CATEGORIES.map((category) => (
              <li key={category}>
                <Link
                  to={to(`/blog/category/${category}`)}
                  className="block rounded-2xl border border-slate-200 bg-white p-5 shadow-sm hover:border-brand-600"
                >
                  <span className="block text-lg font-bold">{t(`categories.${category}`)}</span>
                  <span className="text-sm text-slate-700">{t("articleCount", { count: counts[category] ?? 0 })}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </>
  );
}
