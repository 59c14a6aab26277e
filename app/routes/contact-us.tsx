import { PageIntro } from "../components/page-intro";
import { loadPage } from "../routing/page-loader.server";
import type { Route } from "./+types/contact-us";

export function loader(args: Route.LoaderArgs) {
  return loadPage(args, "contact-us");
}

export default function ContactUsPage() {
  return <PageIntro />;
}
