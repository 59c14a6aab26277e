import { data } from "react-router";
import type { Route } from "./+types/article";

/**
 * A blog article by its unikey. No article is published yet (the blog's content arrives with
 * its own issue), so every key is, truthfully, not found.
 */
export function loader(_: Route.LoaderArgs): never {
  throw data(null, { status: 404 });
}

export default function BlogArticlePage() {
  return null;
}
