import { PageIntro } from "../components/page-intro";
import { loadPage } from "../routing/page-loader.server";
import type { Route } from "./+types/vpn-trial";

export function loader(args: Route.LoaderArgs) {
  return loadPage(args, "vpn-trial");
}

export default function VpnTrialPage() {
  return <PageIntro />;
}
