import { PageIntro } from "../../components/page-intro";
import { loadPage } from "../../routing/page-loader.server";
import type { Route } from "./+types/search";

export function loader(args: Route.LoaderArgs) {
  return loadPage(args, "blog-search");
}

export default function BlogSearchPage() {
  return <PageIntro />;
}
