import { PageIntro } from "../components/page-intro";
import { splitLocale } from "../i18n/locales";
import { loadPage } from "../routing/page-loader.server";
import { PAGES } from "../routing/pages";
import type { Route } from "./+types/legal";

/** One module for the four legal pages; the path says which. */
export function loader(args: Route.LoaderArgs) {
  const { rest } = splitLocale(new URL(args.request.url).pathname);
  const page = PAGES.find((candidate) => `/${candidate.path}` === rest && candidate.file === "routes/legal.tsx");
  if (!page) throw new Response(null, { status: 404 });
  return loadPage(args, page.key);
}

export default function LegalPage() {
  return <PageIntro />;
}
