import { PageIntro } from "../../components/page-intro";
import { loadPage } from "../../routing/page-loader.server";
import type { Route } from "./+types/index";

export function loader(args: Route.LoaderArgs) {
  return loadPage(args, "vpn-server");
}

export default function VpnServerPage() {
  return <PageIntro />;
}
