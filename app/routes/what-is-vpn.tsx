import { PageIntro } from "../components/page-intro";
import { loadPage } from "../routing/page-loader.server";
import type { Route } from "./+types/what-is-vpn";

export function loader(args: Route.LoaderArgs) {
  return loadPage(args, "what-is-vpn");
}

export default function WhatIsVpnPage() {
  return <PageIntro />;
}
