import type { ReactNode } from "react";
import { PageHead } from "../components/page-head";
import { SiteFooter } from "../components/site-footer";
import { SiteHeader } from "../components/site-header";
import { useCurrentPage } from "../lib/use-page";

/** Header, main and footer around a page; the header is transparent where the route table says so. */
export function SiteChrome({ children, transparent }: { children: ReactNode; transparent?: boolean }) {
  const { page } = useCurrentPage();
  return (
    <>
      <PageHead />
      <SiteHeader transparent={transparent ?? Boolean(page?.transparentNav)} />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <SiteFooter />
    </>
  );
}
