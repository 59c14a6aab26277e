import { PageIntro } from "../../components/page-intro";
import { loadPage } from "../../routing/page-loader.server";
import type { Route } from "./+types/category";

export function loader(args: Route.LoaderArgs) {
  return loadPage(args, "blog-category");
}

export default function BlogCategoryPage() {
  return <PageIntro />;
}
