import { PageIntro } from "../../components/page-intro";
import { loadPage } from "../../routing/page-loader.server";
import type { Route } from "./+types/pay-status";

export function loader(args: Route.LoaderArgs) {
  return loadPage(args, "paystatus");
}

export default function PaystatusPage() {
  return <PageIntro />;
}
