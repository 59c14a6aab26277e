import { type ReactNode, useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { splitLocale } from "../../universal/i18n/locales";
import { PageHead } from "../components/page-head";
import { ServerHtml } from "../components/server-html";
import { pointLanguageLinks } from "../lib/language-links";
import { closeMenus, wireFooter, wireHeader } from "../lib/page-chrome";
import { useCurrentPage } from "../lib/use-page";

/**
 * Header, main and footer around a page; the header is transparent where the route table says so.
 * The header and footer are the server's HTML in the browser too (decision 059): their components
 * are server code, their behaviour the same DOM code as on document pages.
 */
export function SiteChrome({ children, transparent }: { children: ReactNode; transparent?: boolean }) {
  const { page } = useCurrentPage();
  useChromeFollowsPage();
  return (
    <>
      <PageHead />
      <ServerHtml
        name="site-header"
        props={{ transparent: transparent ?? Boolean(page?.transparentNav) }}
        wire={wireHeader}
      />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <ServerHtml name="site-footer" props={{}} wire={wireFooter} />
    </>
  );
}

/**
 * An app's client navigation: the language links lead to the new page, and the menus close behind
 * the link that was followed. Not when the page hydrates: a menu the visitor opened while it loaded
 * stays open.
 */
function useChromeFollowsPage(): void {
  const { pathname, search, hash } = useLocation();
  const shownPath = useRef(pathname);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query and hash change the links too
  useEffect(() => {
    pointLanguageLinks(splitLocale(pathname).rest);
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    closeMenus();
  }, [pathname, search, hash]);
}
