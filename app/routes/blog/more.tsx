import { data, Link } from "react-router";
import { ArticleGrid } from "../../components/blog/article-card";
import { PageIntro } from "../../components/page-intro";
import { archivePage } from "../../content/blog.server";
import { useT } from "../../i18n/translator";
import { useLocale } from "../../lib/use-page";
import { loadPage } from "../../routing/page-loader.server";
import type { Route } from "./+types/more";

export function loader(args: Route.LoaderArgs) {
  const page = loadPage(args, "blog-more");
  const requested = new URL(args.request.url).searchParams.get("page") ?? "1";
  const archive = /^[1-9]\d{0,3}$/.test(requested) ? archivePage(page.locale, Number(requested)) : null;
  // A page past the end (or not a number) does not exist.
  if (!archive) throw data(null, { status: 404 });
  return { ...page, ...archive };
}

export default function BlogMorePage({ loaderData }: Route.ComponentProps) {
  const t = useT("blog");
  const { to } = useLocale();
  const { articles, page, pages } = loaderData;
  const pageLink = (target: number) => (target === 1 ? to("/blog/more") : `${to("/blog/more")}?page=${target}`);
  return (
    <>
      <PageIntro />
      <section className="mx-auto max-w-6xl px-4 py-12">
        <ArticleGrid articles={articles} headingLevel={2} />
        <nav aria-label={t("more.pagination")} className="mt-10 flex flex-wrap items-center justify-between gap-4">
          {page > 1 ? (
            <Link to={pageLink(page - 1)} rel="prev" className="font-semibold text-brand-700 underline">
              {t("more.newer")}
            </Link>
          ) : (
            <span />
          )}
          <p aria-current="page">{t("more.page", { page, pages })}</p>
          {page < pages ? (
            <Link to={pageLink(page + 1)} rel="next" className="font-semibold text-brand-700 underline">
              {t("more.older")}
            </Link>
          ) : (
            <span />
          )}
        </nav>
      </section>
    </>
  );
}
