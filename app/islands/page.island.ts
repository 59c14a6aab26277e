/**
 * The island every document page loads (decision 031): the page chrome and what ClientRuntime does
 * in the apps, without React, on the server's HTML. The cookie banner and "Cookie settings", the
 * header (menus, signed-in actions, language links), then the page runtime: attribution,
 * consent-gated analytics and the page-show event (SPEC §2, §4).
 *
 * A document has no client-side navigation (every link is a page load), so ClientRuntime's
 * per-navigation work has no place here: the new-build check (a page load always gets the current
 * build), compatibility mode and route rules (the server answered for this very address).
 */
import { splitLocale } from "../../universal/i18n/locales";
import { startAnalytics, trackPageShow } from "../lib/analytics-gate";
import { wireConsentBanner } from "../lib/consent-banner";
import { startConsent } from "../lib/consent-client";
import { wireFooter, wireHeader } from "../lib/page-chrome";

startConsent();
const banner = document.querySelector<HTMLElement>("[data-consent-banner]");
if (banner) wireConsentBanner(banner);
const header = document.querySelector<HTMLElement>("[data-site-header]");
if (header) wireHeader(header);
const footer = document.querySelector<HTMLElement>('[data-server-html="site-footer"]');
if (footer) wireFooter(footer);

const { locale } = splitLocale(window.location.pathname);
startAnalytics(locale);
trackPageShow(window.location.pathname);
void import("../lib/attribution-client").then((attribution) => attribution.startAttribution());
