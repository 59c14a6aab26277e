import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_S, type Locale, localizePath } from "../../universal/i18n/locales";

/**
 * The language links' behaviour (components/language-switcher.tsx renders them, marked
 * data-locale): the same page, query and hash in another language, and the choice remembered.
 * Plain DOM code on the server's HTML, for the document pages' island and the apps (decision 059).
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

const languageLinks = (root: ParentNode) => root.querySelectorAll<HTMLAnchorElement>("a[data-locale]");

/** Each link: its page (data-path, first the server's href) with the query and hash of the address now. */
function follow(root: ParentNode): void {
  for (const link of languageLinks(root)) {
    link.dataset.path ??= link.getAttribute("href") ?? "";
    link.setAttribute("href", languageHref(link.dataset.path, location.search, location.hash));
  }
}

/** Wires the links under root: their query and hash follow the address, a click remembers the choice. */
export function wireLanguageLinks(root: HTMLElement | Document = document): () => void {
  const onHashChange = () => follow(root);
  const onClick = (event: Event) => {
    const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>("a[data-locale]");
    if (link?.dataset.locale) rememberLocale(link.dataset.locale as Locale);
  };
  follow(root);
  addEventListener("hashchange", onHashChange);
  root.addEventListener("click", onClick);
  return () => {
    removeEventListener("hashchange", onHashChange);
    root.removeEventListener("click", onClick);
  };
}

/** After an app's client navigation: every language link leads to the new page (`rest`: its path without the language). */
export function pointLanguageLinks(rest: string): void {
  for (const link of languageLinks(document)) link.dataset.path = localizePath(rest, link.dataset.locale as Locale);
  follow(document);
}
