import { useEffect } from "react";
import { isRouteErrorResponse } from "react-router";
import { type Locale, localizePath } from "../../universal/i18n/locales";
import { useT } from "../i18n/translator";

const REDIRECT_AFTER_MS = 5_000;

/**
 * The fatal error screen (SPEC §8: the user is sent home). English defaults cover the case where
 * even the catalogues could not be loaded.
 */
export function FatalError({ error, locale }: { error: unknown; locale: Locale }) {
  const t = useT("common");
  const home = localizePath("/", locale);
  useEffect(() => {
    const timer = setTimeout(() => window.location.assign(home), REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [home]);
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-20 text-center">
      <p className="text-5xl font-bold text-brand-700" aria-hidden="true">
        {status}
      </p>
      <h1 className="mt-4 text-2xl font-bold">{t("error.title", { defaultValue: "Something went wrong" })}</h1>
      <p className="mt-4 text-slate-600" role="status">
        {t("error.body", {
          defaultValue: "We could not show this page. You will be taken to the home page in a few seconds.",
        })}
      </p>
      <p className="mt-8">
        <a
          href={home}
          className="inline-block rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-600"
        >
          {t("error.home", { defaultValue: "Go to the home page now" })}
        </a>
      </p>
    </main>
  );
}
