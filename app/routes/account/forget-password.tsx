import { PageIntro } from "../../components/page-intro";
import { loadPage } from "../../routing/page-loader.server";
import type { Route } from "./+types/forget-password";

export function loader(args: Route.LoaderArgs) {
  return loadPage(args, "forgetpassword");
}

export default function ForgetpasswordPage() {
  return <PageIntro />;
}
