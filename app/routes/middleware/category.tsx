import { data, Outlet } from "react-router";
import { BLOG_CATEGORIES, BLOG_TAGS } from "../../../content/blog/taxonomy";
import type { Route } from "./+types/category";

/** Route middleware `category`: an unknown blog category or tag is a 404. */
export function loader({ params }: Route.LoaderArgs) {
  const { category, tagId } = params as { category?: string; tagId?: string };
  if (category !== undefined && !(BLOG_CATEGORIES as readonly string[]).includes(category)) {
    throw data(null, { status: 404 });
  }
  if (tagId !== undefined && !(BLOG_TAGS as readonly string[]).includes(tagId)) {
    throw data(null, { status: 404 });
  }
  return null;
}

export default function CategoryMiddleware() {
  return <Outlet />;
}
