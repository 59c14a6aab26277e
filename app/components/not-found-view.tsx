import { Link, useLocation } from "react-router";
import { useT } from "../i18n/translator";
import { useLocale } from "../lib/use-page";

// The path goes in as an isolated <bdi>, so an LTR path reads right inside an RTL sentence.
const PATH_MARKER = "%%PATH%%";

/** The not-found body (SPEC §2): translated frame, the path shown exactly as requested. */
export function NotFoundView() {
  const t = useT("common");
  const { to } = useLocale();
  const { pathname } = useLocation();
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center">
      <p className="text-6xl font-bold text-brand-700" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 break-words text-2xl font-bold">
        {t("notFound.title", { path: PATH_MARKER })
          .split(PATH_MARKER)
          .flatMap((part, index) => (index === 0 ? [part] : [<bdi key="path">{pathname}</bdi>, part]))}
      </h1>
      <p className="mt-4 text-slate-600">{t("notFound.body")}</p>
      <ul className="mt-8 flex flex-wrap justify-center gap-3">
        <li>
          <Link
            to={to("/")}
            className="inline-block rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-600"
          >
            {t("notFound.home")}
          </Link>
        </li>
        <li>
          <Link
            to={to("/pricing")}
            className="inline-block rounded-lg border border-slate-300 px-5 py-2.5 font-semibold hover:bg-slate-50"
          >
            {t("notFound.pricing")}
          </Link>
        </li>
        <li>
          <Link
            to={to("/download")}
            className="inline-block rounded-lg border border-slate-300 px-5 py-2.5 font-semibold hover:bg-slate-50"
          >
            {t("notFound.download")}
          </Link>
        </li>
      </ul>
    </section>
  );
}
