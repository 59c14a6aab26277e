import { PageIntro } from "../../components/page-intro";
import { loadPage } from "../../routing/page-loader.server";
import type { Route } from "./+types/tag";

export function loader(args: Route.LoaderArgs) {
  return loadPage(args, "blog-tag");
}

export default function BlogTagPage() {
  return <PageIntro />;
}
