import { PageIntro } from "../../components/page-intro";
import { loadPage } from "../../routing/page-loader.server";
import type { Route } from "./+types/my-account";

export function loader(args: Route.LoaderArgs) {
  return loadPage(args, "myaccount");
}

export default function MyaccountPage() {
  return <PageIntro />;
}
