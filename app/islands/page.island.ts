/**
 * The island every document page loads (decision 031): what ClientRuntime does in the apps,
 * without React. Consent first (the stored choice applies after 200 ms, SPEC §4), then the
 * page runtime: attribution, consent-gated analytics and the page-show event.
 */
import { splitLocale } from "../../universal/i18n/locales";
import { startConsent } from "../lib/consent-client";

startConsent();
const { locale } = splitLocale(window.location.pathname);
void import("../lib/page-runtime").then((runtime) => {
  runtime.startAttribution();
  runtime.startAnalytics(locale);
  runtime.trackPageShow(window.location.pathname);
});
