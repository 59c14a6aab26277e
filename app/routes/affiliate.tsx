import { PageIntro } from "../components/page-intro";
import { loadPage } from "../routing/page-loader.server";
import type { Route } from "./+types/affiliate";

export function loader(args: Route.LoaderArgs) {
  return loadPage(args, "affiliate");
}

export default function AffiliatePage() {
  return <PageIntro />;
}
