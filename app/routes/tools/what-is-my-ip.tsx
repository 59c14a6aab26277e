import { PageIntro } from "../../components/page-intro";
import { loadPage } from "../../routing/page-loader.server";
import type { Route } from "./+types/what-is-my-ip";

export function loader(args: Route.LoaderArgs) {
  return loadPage(args, "what-is-my-ip");
}

export default function WhatIsMyIpPage() {
  return <PageIntro />;
}
