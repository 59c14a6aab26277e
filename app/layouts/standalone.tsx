import { Outlet } from "react-router";
import { PageHead } from "../components/page-head";
import { assertLanguageSegment } from "./language-segment";
import { LayoutErrorBoundary } from "./layout-error-boundary";

/** For pay-status pages: no header or footer, nothing to lead the buyer away mid-payment. */
export default function StandaloneLayout() {
  return (
    <>
      <PageHead />
      <main id="main" className="flex flex-1 flex-col items-center justify-center px-4 py-16">
        <Outlet />
      </main>
    </>
  );
}

export const ErrorBoundary = LayoutErrorBoundary;

export const loader = assertLanguageSegment;
