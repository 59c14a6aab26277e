import { PageIntro } from "../../components/page-intro";
import { loadPage } from "../../routing/page-loader.server";
import type { Route } from "./+types/more";

export function loader(args: Route.LoaderArgs) {
  return loadPage(args, "blog-more");
}

export default function BlogMorePage() {
  return <PageIntro />;
}
