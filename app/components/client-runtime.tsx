import { useEffect, useRef } from "react";
import { useLocation, useMatches, useNavigate } from "react-router";
import type { Locale } from "../i18n/locales";
import { setAnalyticsLanguage, startAnalytics, trackPageShow } from "../lib/analytics-client";
import { startAttribution } from "../lib/attribution-client";
import { newerBuildAvailable, startBuildPolling } from "../lib/build-update";
import { startConsent } from "../lib/consent-client";
import { claimBuildReload, claimCompatReload } from "../lib/reload-guard";
import { isAbsoluteTarget, routeRedirectFor } from "../lib/route-rules-client";

/**
 * What runs in the browser around every page (SPEC §2, §4): consent, attribution, analytics,
 * page-show, and on each client navigation the new-build reload, compatibility mode and route rules.
 * The first load needs none of the last three: the server already answered for that address.
 */
export function ClientRuntime({ locale }: { locale: Locale }) {
  const { pathname } = useLocation();
  const matches = useMatches();
  const navigate = useNavigate();
  const firstPath = useRef<string | null>(null);
  const unknownPath = matches.some((match) => match.id.endsWith(":catch-all"));

  useEffect(() => {
    startConsent();
    startAttribution();
    startBuildPolling();
  }, []);

  useEffect(() => {
    startAnalytics(locale);
    setAnalyticsLanguage(locale);
  }, [locale]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per navigated path
  useEffect(() => {
    trackPageShow(pathname);
    if (firstPath.current === null) {
      firstPath.current = pathname;
      return;
    }
    if (newerBuildAvailable() && claimBuildReload(pathname)) {
      window.location.reload();
      return;
    }
    // Compatibility mode: a path this build does not know may be one the server does.
    if (unknownPath && claimCompatReload(pathname)) {
      window.location.reload();
      return;
    }
    let live = true;
    void routeRedirectFor(pathname).then((target) => {
      if (!live || !target) return;
      if (isAbsoluteTarget(target)) window.location.assign(target);
      else navigate(target, { replace: true });
    });
    return () => {
      live = false;
    };
  }, [pathname]);

  return null;
}
