import { PageIntro } from "../../components/page-intro";
import { loadPage } from "../../routing/page-loader.server";
import type { Route } from "./+types/platform";

export function loader(args: Route.LoaderArgs) {
  return loadPage(args, "vpn-for-social-media-item");
}

export default function SocialMediaPlatformPage() {
  return <PageIntro />;
}
