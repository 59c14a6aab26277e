import { useId } from "react";
import { Link } from "react-router";
import { useT } from "../i18n/translator";
import { useLocale } from "../lib/use-page";

const button = "rounded-lg px-4 py-2 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2";

/**
 * The id of the banner's last block: the document's head holds the first paint until the parser
 * reaches it, so the banner's text (often the largest paint on a phone) is in the first frame.
 */
export const CONSENT_BANNER_END_ID = "cookie-consent-actions";

/**
 * The cookie banner (SPEC §4): accept, reject (as prominent as accept) or choose. Fixed to the
 * bottom so it never moves the page. Everything is in the server's HTML (the choices hidden until
 * "Choose"); app.css shows it only when the head script found no stored choice, and
 * lib/consent-banner.ts gives it its behaviour in the browser: it is server code only (decision 059).
 */
export default function ConsentBanner() {
  const t = useT("common");
  const { to } = useLocale();
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      data-consent-banner=""
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white shadow-[0_-4px_16px_rgba(15,23,42,0.12)]"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-4 md:flex-row md:items-end md:gap-6">
        <div className="flex-1 text-sm text-slate-800">
          <h2 id={titleId} className="text-base font-semibold text-ink-900">
            {t("consent.title")}
          </h2>
          <p className="mt-1">
            {t("consent.text")}{" "}
            <Link to={to("/cookie-policy-2025")} className="font-semibold text-brand-700 underline">
              {t("consent.policy")}
            </Link>
          </p>
          <fieldset data-consent-choices="" hidden className="mt-3 flex flex-col gap-2">
            <legend className="sr-only">{t("consent.choose")}</legend>
            <label className="flex items-start gap-2 text-slate-700">
              <input type="checkbox" checked disabled className="mt-1" />
              {t("consent.necessary")}
            </label>
            <label className="flex items-start gap-2">
              <input type="checkbox" name="analytics" className="mt-1" />
              {t("consent.analytics")}
            </label>
            <label className="flex items-start gap-2">
              <input type="checkbox" name="marketing" className="mt-1" />
              {t("consent.marketing")}
            </label>
          </fieldset>
        </div>
        <div id={CONSENT_BANNER_END_ID} className="flex flex-wrap gap-2">
          <button
            type="button"
            data-consent-action="save"
            hidden
            className={`${button} bg-brand-700 text-white hover:bg-brand-600`}
          >
            {t("consent.save")}
          </button>
          <button
            type="button"
            data-consent-action="choose"
            className={`${button} border border-slate-300 text-ink-900 hover:border-brand-600`}
          >
            {t("consent.choose")}
          </button>
          <button
            type="button"
            className={`${button} bg-brand-700 text-white hover:bg-brand-600`}
            data-consent-action="reject"
          >
            {t("consent.reject")}
          </button>
          <button
            type="button"
            className={`${button} bg-brand-700 text-white hover:bg-brand-600`}
            data-consent-action="accept"
          >
            {t("consent.accept")}
          </button>
        </div>
      </div>
    </section>
  );
}
