import { PageIntro } from "../components/page-intro";
import { loadPage } from "../routing/page-loader.server";
import type { Route } from "./+types/pricing";

export function loader(args: Route.LoaderArgs) {
  return loadPage(args, "pricing");
}

export default function PricingPage() {
  return <PageIntro />;
}
