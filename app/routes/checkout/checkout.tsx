import { PageIntro } from "../../components/page-intro";
import { loadPage } from "../../routing/page-loader.server";
import type { Route } from "./+types/checkout";

export function loader(args: Route.LoaderArgs) {
  return loadPage(args, "checkout");
}

export default function CheckoutPage() {
  return <PageIntro />;
}
