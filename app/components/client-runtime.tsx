import { useEffect, useRef } from "react";
import { useLocation, useMatches, useNavigate } from "react-router";
import type { Locale } from "../../universal/i18n/locales";
import { startAnalytics, trackPageShow } from "../lib/analytics-gate";
import { startConsent } from "../lib/consent-client";
import { useCurrentPage } from "../lib/use-page";

const loadRuntime = () => import("../lib/page-runtime");

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
  const isApp = useCurrentPage().page?.kind === "app";

  useEffect(() => {
    startConsent();
    void loadRuntime().then((runtime) => {
      runtime.startAttribution();
      runtime.startBuildPolling();
    });
  }, []);

  useEffect(() => {
    startAnalytics(locale);
  }, [locale]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per navigated path
  useEffect(() => {
    const first = firstPath.current === null;
    if (first) firstPath.current = pathname;
    // SPEC §2: double slashes are collapsed before navigation (the server does it for page loads).
    if (pathname.includes("//")) {
      navigate(`${pathname.replace(/\/{2,}/g, "/")}${window.location.search}${window.location.hash}`, {
        replace: true,
      });
      return;
    }
    // A document reached by a navigation in code (links are caught by DocumentLinks): load it whole.
    if (!first && !isApp) {
      window.location.reload();
      return;
    }
    let live = true;
    trackPageShow(pathname);
    if (first) return;
    void loadRuntime().then(async (runtime) => {
      if (!live) return;
      if (runtime.newerBuildAvailable() && runtime.claimBuildReload(pathname)) {
        window.location.reload();
        return;
      }
      // Compatibility mode: a path this build does not know may be one the server does.
      if (unknownPath && runtime.claimCompatReload(pathname)) {
        window.location.reload();
        return;
      }
      const target = await runtime.routeRedirectFor(pathname);
      if (!live || !target) return;
      if (runtime.isAbsoluteTarget(target)) window.location.assign(target);
      else navigate(target, { replace: true });
    });
    return () => {
      live = false;
    };
  }, [pathname]);

  return null;
}
