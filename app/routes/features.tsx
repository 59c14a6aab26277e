import { PageIntro } from "../components/page-intro";
import { loadPage } from "../routing/page-loader.server";
import type { Route } from "./+types/features";

export function loader(args: Route.LoaderArgs) {
  return loadPage(args, "features");
}

export default function FeaturesPage() {
  return <PageIntro />;
}
