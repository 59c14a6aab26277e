import { serverShowedSignedIn, showSignedInActions } from "../components/header-actions";
import { closeHeaderMenus, wireHeaderMenus } from "../components/header-menus";
import { resetConsentBanner } from "./consent-banner";
import { reopenConsent } from "./consent-client";
import { wireLanguageLinks } from "./language-links";
import { isSignedIn, subscribeUserInfo } from "./user-info";

/**
 * The behaviour of the server's header and footer, on their HTML: one implementation for the
 * document pages' island and the app pages, whose React leaves that markup alone (decision 059).
 * Each returns its undo. (The cookie banner's is lib/consent-banner.ts.)
 */

/** Menus, the account actions of the browser's sign-in, language links. */
export function wireHeader(root: HTMLElement): () => void {
  const header = root.matches("[data-site-header]") ? root : root.querySelector<HTMLElement>("[data-site-header]");
  if (!header) return () => {};
  const undoMenus = wireHeaderMenus(header);
  const serverSawSession = serverShowedSignedIn(header);
  const showSignedIn = () => showSignedInActions(header, isSignedIn(serverSawSession));
  showSignedIn();
  const unsubscribe = subscribeUserInfo(showSignedIn);
  const undoLinks = wireLanguageLinks(header);
  return () => {
    undoMenus();
    unsubscribe();
    undoLinks();
  };
}

/** Language links and "Cookie settings", which asks the banner again. */
export function wireFooter(footer: HTMLElement): () => void {
  const undoLinks = wireLanguageLinks(footer);
  const onClick = (event: Event) => {
    if (!(event.target as Element | null)?.closest?.("[data-consent-reopen]")) return;
    const banner = document.querySelector<HTMLElement>("[data-consent-banner]");
    if (banner) resetConsentBanner(banner);
    reopenConsent();
  };
  footer.addEventListener("click", onClick);
  return () => {
    undoLinks();
    footer.removeEventListener("click", onClick);
  };
}

/** An app's client navigation left the page behind the open menus. */
export function closeMenus(): void {
  const header = document.querySelector<HTMLElement>("[data-site-header]");
  if (header) closeHeaderMenus(header);
}
