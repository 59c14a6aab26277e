import { Link } from "react-router";
import { PageIntro } from "../components/page-intro";
import { useT } from "../i18n/translator";
import { useLocale } from "../lib/use-page";
import { loadPage } from "../routing/page-loader.server";
import type { Route } from "./+types/home";

export function loader(args: Route.LoaderArgs) {
  return loadPage(args, "home");
}

export default function HomePage() {
  const t = useT("home");
  const { to } = useLocale();
  return (
    <PageIntro>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link
          to={to("/pricing")}
          className="rounded-lg bg-white px-6 py-3 font-semibold text-brand-700 hover:bg-brand-50"
        >
          {t("cta")}
        </Link>
        <Link
          to={to("/features")}
          className="rounded-lg border border-white/60 px-6 py-3 font-semibold text-white hover:bg-white/10"
        >
          {t("secondaryCta")}
        </Link>
      </div>
    </PageIntro>
  );
}
