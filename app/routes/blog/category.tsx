import { ArticleGrid } from "../../components/blog/article-card";
import { PageIntro } from "../../components/page-intro";
import { listArticles } from "../../content/blog.server";
import { loadPage } from "../../routing/page-loader.server";
import type { Route } from "./+types/category";

export function loader(args: Route.LoaderArgs) {
  const page = loadPage(args, "blog-category");
  const articles = listArticles(page.locale).filter((article) => article.category === args.params.category);
  return { ...page, articles };
}

export default function BlogCategoryPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageIntro />
      <section className="mx-auto max-w-6xl px-4 py-12">
        <ArticleGrid articles={loaderData.articles} headingLevel={2} />
      </section>
    </>
  );
}
