import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_S, type Locale } from "../../universal/i18n/locales";

/**
 * The language links' behaviour (components/language-switcher.tsx renders them, marked
 * data-locale): the same page, query and hash in another language, and the choice remembered.
 * Plain code for the document pages' island; the apps' switcher uses the same two functions.
 */

/** Remembers the visitor's choice for unprefixed URLs (a strictly necessary preference cookie). */
export function rememberLocale(locale: Locale): void {
  // biome-ignore lint/suspicious/noDocumentCookie: one plain preference cookie; no library needed
  document.cookie = `${LOCALE_COOKIE}=${locale}; Max-Age=${LOCALE_COOKIE_MAX_AGE_S}; Path=/; SameSite=Lax`;
}

/**
 * A language link's address: the page's path in that language (what the server rendered; it cannot
 * know the query of a prerendered page) plus the query and hash the visitor has now.
 */
export function languageHref(path: string, search: string, hash: string): string {
  return `${path.replace(/[?#].*$/, "")}${search}${hash}`;
}

/** Wires the links under root: their query and hash follow the address, a click remembers the choice. */
export function wireLanguageLinks(root: ParentNode = document): void {
  const links = Array.from(root.querySelectorAll<HTMLAnchorElement>("a[data-locale]"));
  const paths = links.map((link) => link.getAttribute("href") ?? "");
  const follow = () => {
    links.forEach((link, index) => {
      link.setAttribute("href", languageHref(paths[index] ?? "", location.search, location.hash));
    });
  };
  follow();
  addEventListener("hashchange", follow);
  root.addEventListener("click", (event) => {
    const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>("a[data-locale]");
    if (link?.dataset.locale) rememberLocale(link.dataset.locale as Locale);
  });
}
