import { Feed } from "feed";
import { BLOG_CATEGORIES } from "../../../content/blog/taxonomy";
import { DEFAULT_LOCALE, isLocale, type Locale, localeInfo, localizePath } from "../../../universal/i18n/locales";
import { listArticles } from "../../content/blog.server";
import { loadNamespaces } from "../../i18n/catalogues.server";
import { lookup } from "../../routing/page-loader.server";
import type { Route } from "./+types/feed";

/** The blog's RSS 2.0 (`/blog/rss.xml`) and Atom (`/blog/atom.xml`) feeds, one per language. */
export function loader({ request, params, context }: Route.LoaderArgs) {
  const { lang } = params;
  if (lang !== undefined && (!isLocale(lang) || lang === DEFAULT_LOCALE)) {
    return new Response("Not Found", { status: 404 });
  }
  const locale: Locale = lang ?? DEFAULT_LOCALE;
  const origin = context.publicOrigin;
  const atom = new URL(request.url).pathname.endsWith("/atom.xml");
  const blog = loadNamespaces(locale, ["blog", "common"]);
  const text = (namespace: string, key: string) => lookup(blog[namespace], key) ?? "";
  const home = `${origin}${localizePath("/blog", locale)}`;
  const articles = listArticles(locale);
  const newest = articles[0];
  const feed = new Feed({
    title: text("blog", "feedTitle"),
    description: text("blog", "feedDescription"),
    id: home,
    link: home,
    language: localeInfo(locale).iso,
    copyright: text("common", "brand"),
    updated: newest ? new Date(newest.updated ?? newest.published) : new Date(0),
    feedLinks: { rss: `${home}/rss.xml`, atom: `${home}/atom.xml` },
  });
  for (const article of articles) {
    const link = `${origin}${localizePath(`/blog/${article.unikey}`, locale)}`;
    feed.addItem({
      title: article.title,
      id: link,
      link,
      description: article.description,
      date: new Date(article.updated ?? article.published),
      published: new Date(article.published),
      author: [{ name: article.author }],
      category: BLOG_CATEGORIES.filter((category) => category === article.category).map((category) => ({
        name: text("blog", `categories.${category}`),
      })),
      image: `${origin}${article.cover}`,
    });
  }
  return new Response(atom ? feed.atom1() : feed.rss2(), {
    headers: {
      "Content-Type": atom ? "application/atom+xml; charset=utf-8" : "application/rss+xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
