import { matchPath } from "react-router";
import { splitLocale } from "../../universal/i18n/locales";
import { PAGES, type PageDefinition } from "./pages";

/**
 * Whether an address of this site is a document (loaded whole, no React) or an app page. Apps use
 * it to leave for a document with a real page load instead of a client-side navigation. Anything
 * the table does not know is the not-found page: a document.
 */
export function pageKindOfPath(pathname: string): PageDefinition["kind"] {
  const { rest } = splitLocale(pathname);
  const page = PAGES.find((candidate) => matchPath({ path: `/${candidate.path}`, end: true }, rest));
  return page?.kind ?? "document";
}
