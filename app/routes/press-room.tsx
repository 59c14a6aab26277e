import { PageIntro } from "../components/page-intro";
import { loadPage } from "../routing/page-loader.server";
import type { Route } from "./+types/press-room";

export function loader(args: Route.LoaderArgs) {
  return loadPage(args, "press-room");
}

export default function PressRoomPage() {
  return <PageIntro />;
}
