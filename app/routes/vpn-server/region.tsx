import { PageIntro } from "../../components/page-intro";
import { loadPage } from "../../routing/page-loader.server";
import type { Route } from "./+types/region";

export function loader(args: Route.LoaderArgs) {
  return loadPage(args, "vpn-server-region");
}

export default function VpnServerRegionPage() {
  return <PageIntro />;
}
