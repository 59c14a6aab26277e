import { PageIntro } from "../../components/page-intro";
import { loadPage } from "../../routing/page-loader.server";
import type { Route } from "./+types/index";

export function loader(args: Route.LoaderArgs) {
  return loadPage(args, "blog");
}

export default function BlogPage() {
  return <PageIntro />;
}
