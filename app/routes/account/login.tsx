import { PageIntro } from "../../components/page-intro";
import { loadPage } from "../../routing/page-loader.server";
import type { Route } from "./+types/login";

export function loader(args: Route.LoaderArgs) {
  return loadPage(args, "login");
}

export default function LoginPage() {
  return <PageIntro />;
}
