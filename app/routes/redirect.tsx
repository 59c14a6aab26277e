import { PageIntro } from "../components/page-intro";
import { loadPage } from "../routing/page-loader.server";
import type { Route } from "./+types/redirect";

export function loader(args: Route.LoaderArgs) {
  return loadPage(args, "redirect");
}

export default function RedirectPage() {
  return <PageIntro />;
}
