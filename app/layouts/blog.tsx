import { Link, Outlet } from "react-router";
import { BLOG_CATEGORIES } from "../../content/blog/taxonomy";
import { useT } from "../i18n/translator";
import { useLocale } from "../lib/use-page";
import { assertLanguageSegment } from "./language-segment";
import { LayoutErrorBoundary } from "./layout-error-boundary";
import { SiteChrome } from "./site-chrome";

/** The blog layout: the site chrome plus the blog's own bar of categories and search. */
export default function BlogLayout() {
  const t = useT("blog");
  const { to } = useLocale();
  return (
    <SiteChrome>
      <link rel="alternate" type="application/rss+xml" title={t("feedTitle")} href={`${to("/blog")}/rss.xml`} />
      <link rel="alternate" type="application/atom+xml" title={t("feedTitle")} href={`${to("/blog")}/atom.xml`} />
      <nav aria-label={t("heading")} className="border-b border-slate-200 bg-white">
        <ul className="mx-auto flex max-w-6xl flex-wrap items-center gap-1 px-4 py-2 text-sm">
          <li>
            <Link to={to("/blog")} className="block rounded px-3 py-2 font-semibold hover:bg-brand-50">
              {t("heading")}
            </Link>
          </li>
          {BLOG_CATEGORIES.map((category) => (
            <li key={category}>
              <Link to={to(`/blog/category/${category}`)} className="block rounded px-3 py-2 hover:bg-brand-50">
                {t(`categories.${category}`)}
              </Link>
            </li>
          ))}
          <li className="ms-auto">
            <Link to={to("/blog/search")} className="block rounded px-3 py-2 hover:bg-brand-50">
              {t("search.heading")}
            </Link>
          </li>
        </ul>
      </nav>
      <Outlet />
    </SiteChrome>
  );
}

export const ErrorBoundary = LayoutErrorBoundary;

export const loader = assertLanguageSegment;
