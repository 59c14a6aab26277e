import { Outlet } from "react-router";
import { assertLanguageSegment } from "./language-segment";
import { LayoutErrorBoundary } from "./layout-error-boundary";
import { SiteChrome } from "./site-chrome";

/** The default layout: header, page, footer. */
export default function DefaultLayout() {
  return (
    <SiteChrome>
      <Outlet />
    </SiteChrome>
  );
}

export const ErrorBoundary = LayoutErrorBoundary;

export const loader = assertLanguageSegment;
