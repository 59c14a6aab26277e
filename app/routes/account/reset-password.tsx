import { PageIntro } from "../../components/page-intro";
import { loadPage } from "../../routing/page-loader.server";
import type { Route } from "./+types/reset-password";

export function loader(args: Route.LoaderArgs) {
  return loadPage(args, "resetpassword");
}

export default function ResetpasswordPage() {
  return <PageIntro />;
}
