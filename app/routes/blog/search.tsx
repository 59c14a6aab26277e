import { Link } from "react-router";
import { PageIntro } from "../../components/page-intro";
import { searchArticles } from "../../content/blog.server";
import { useT } from "../../i18n/translator";
import { useLocale } from "../../lib/use-page";
import { loadPage } from "../../routing/page-loader.server";
import type { Route } from "./+types/search";

export function loader(args: Route.LoaderArgs) {
  const page = loadPage(args, "blog-search");
  const query = (new URL(args.request.url).searchParams.get("q") ?? "").slice(0, 200);
  return { ...page, query, results: searchArticles(page.locale, query) };
}

export default function BlogSearchPage({ loaderData }: Route.ComponentProps) {
  const t = useT("blog");
  const { to } = useLocale();
  const { query, results } = loaderData;
  const trimmed = query.trim();
  return (
    <>
      <PageIntro />
      <section className="mx-auto max-w-3xl px-4 py-12">
        {/* A plain GET form: the server renders the results for ?q=, with or without JavaScript. */}
        <search>
          <form method="get" action={to("/blog/search")} className="flex flex-wrap items-end gap-3">
            <label className="flex flex-1 flex-col gap-1 font-medium">
              {t("search.label")}
              <input
                type="search"
                name="q"
                defaultValue={query}
                maxLength={200}
                className="rounded-lg border border-slate-400 px-3 py-2"
              />
            </label>
            <button
              type="submit"
              className="rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-600"
            >
              {t("search.submit")}
            </button>
          </form>
        </search>
        <div className="mt-8">
          {!trimmed ? (
            <p className="text-slate-700">{t("search.empty")}</p>
          ) : results.length === 0 ? (
            <p role="status">{t("search.noResults", { query: trimmed })}</p>
          ) : (
            <>
              <h2 className="text-xl font-bold">{t("search.results", { query: trimmed, count: results.length })}</h2>
              <ol className="mt-4 flex flex-col gap-6">
                {results.map(({ article, excerpt }) => (
                  <li key={article.unikey} lang={article.fallback ? "en" : undefined}>
                    <h3 className="text-lg font-bold">
                      <Link to={to(`/blog/${article.unikey}`)} className="text-brand-700 hover:underline">
                        {article.title}
                      </Link>
                    </h3>
                    <p className="mt-1 text-slate-800">
                      {excerpt.map((piece, index) =>
                        piece.mark ? (
                          // biome-ignore lint/suspicious/noArrayIndexKey: excerpt pieces have no identity but their order
                          <mark key={index} className="rounded bg-amber-100 px-0.5">
                            {piece.text}
                          </mark>
                        ) : (
                          piece.text
                        ),
                      )}
                    </p>
                  </li>
                ))}
              </ol>
            </>
          )}
        </div>
      </section>
    </>
  );
}
