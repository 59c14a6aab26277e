import { data } from "react-router";
import { NotFoundView } from "../components/not-found-view";
import { loadPage } from "../routing/page-loader.server";
import type { Route } from "./+types/not-found";

/** /404 and every unmatched path: the not-found page with HTTP status 404. */
export function loader(args: Route.LoaderArgs) {
  return data(loadPage(args, "not-found"), { status: 404 });
}

export default function NotFoundPage() {
  return <NotFoundView />;
}
