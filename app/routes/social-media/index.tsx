import { PageIntro } from "../../components/page-intro";
import { loadPage } from "../../routing/page-loader.server";
import type { Route } from "./+types/index";

export function loader(args: Route.LoaderArgs) {
  return loadPage(args, "vpn-for-social-media");
}

export default function VpnForSocialMediaPage() {
  return <PageIntro />;
}
