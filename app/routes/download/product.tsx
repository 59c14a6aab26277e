import { PageIntro } from "../../components/page-intro";
import { loadPage } from "../../routing/page-loader.server";
import type { Route } from "./+types/product";

export function loader(args: Route.LoaderArgs) {
  return loadPage(args, "download-product");
}

export default function DownloadProductPage() {
  return <PageIntro />;
}
