import { lazy } from "react";
import { isRouteErrorResponse, useLocation, useRouteError } from "react-router";
import { splitLocale } from "../../universal/i18n/locales";
import { FatalError } from "../components/fatal-error";
import { SiteChrome } from "./site-chrome";

// Most app visits never show it; its chunk loads (on the server first) when a page is not found.
const NotFoundView = lazy(() =>
  import("../components/not-found-view").then((module) => ({ default: module.NotFoundView })),
);

/** A 404 from a page (unknown sub-page, article, category) shows the not-found page inside the site. */
export function LayoutErrorBoundary() {
  const error = useRouteError();
  const { pathname } = useLocation();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <SiteChrome transparent={false}>
        <title>{`404 · ${pathname}`}</title>
        <meta name="robots" content="noindex" />
        <NotFoundView />
      </SiteChrome>
    );
  }
  return <FatalError error={error} locale={splitLocale(pathname).locale} />;
}
