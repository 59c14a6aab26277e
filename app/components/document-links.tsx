import { useEffect } from "react";
import { pageKindOfPath } from "../routing/page-kind";

/** A plain left click on a link that the browser may follow itself (no new tab, no download). */
function followedLink(event: MouseEvent): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
  if (!(link instanceof HTMLAnchorElement) || link.hasAttribute("download")) return null;
  if (link.target && link.target !== "_self") return null;
  return link;
}

/**
 * In an app page (account, checkout, tools), a link to a document page is a real page load, not
 * a client-side navigation: documents are served whole and carry no React (decision 031). The
 * listener runs in the capture phase on window, before React Router's Link handler, and stops
 * the event there so the browser follows the link. Navigations made in code are caught by
 * ClientRuntime, which reloads a document reached without a page load.
 */
export function DocumentLinks() {
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const link = followedLink(event);
      if (!link) return;
      const url = new URL(link.href);
      if (url.origin !== window.location.origin) return;
      if (pageKindOfPath(url.pathname) === "document") event.stopImmediatePropagation();
    };
    window.addEventListener("click", onClick, { capture: true });
    return () => window.removeEventListener("click", onClick, { capture: true });
  }, []);
  return null;
}
