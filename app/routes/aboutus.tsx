import { PageIntro } from "../components/page-intro";
import { loadPage } from "../routing/page-loader.server";
import type { Route } from "./+types/aboutus";

export function loader(args: Route.LoaderArgs) {
  return loadPage(args, "aboutus");
}

export default function AboutusPage() {
  return <PageIntro />;
}
