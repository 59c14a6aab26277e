import { PageIntro } from "../../components/page-intro";
import { loadPage } from "../../routing/page-loader.server";
import type { Route } from "./+types/pay-success";

export function loader(args: Route.LoaderArgs) {
  return loadPage(args, "paysuc");
}

export default function PaysucPage() {
  return <PageIntro />;
}
