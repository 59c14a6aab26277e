import { PageIntro } from "../../components/page-intro";
import { loadPage } from "../../routing/page-loader.server";
import type { Route } from "./+types/index";

export function loader(args: Route.LoaderArgs) {
  return loadPage(args, "download");
}

export default function DownloadPage() {
  return <PageIntro />;
}
