import { ArticleGrid } from "../../components/blog/article-card";
import { PageIntro } from "../../components/page-intro";
import { listArticles } from "../../content/blog.server";
import { loadPage } from "../../routing/page-loader.server";
import type { Route } from "./+types/tag";

export function loader(args: Route.LoaderArgs) {
  const page = loadPage(args, "blog-tag");
  const articles = listArticles(page.locale).filter((article) =>
    (article.tags as string[]).includes(args.params.tagId),
  );
  return { ...page, articles };
}

export default function BlogTagPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageIntro />
      <section className="mx-auto max-w-6xl px-4 py-12">
        <ArticleGrid articles={loaderData.articles} headingLevel={2} />
      </section>
    </>
  );
}
