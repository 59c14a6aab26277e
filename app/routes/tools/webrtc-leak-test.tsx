import { PageIntro } from "../../components/page-intro";
import { loadPage } from "../../routing/page-loader.server";
import type { Route } from "./+types/webrtc-leak-test";

export function loader(args: Route.LoaderArgs) {
  return loadPage(args, "webrtc-leak-test");
}

export default function WebrtcLeakTestPage() {
  return <PageIntro />;
}
