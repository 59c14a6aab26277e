import { pageByKey } from "../routing/pages";

/** Namespaces every page loads besides its own (SPEC §2: header, location, footer; plus common UI text). */
export const SHARED_NAMESPACES = ["common", "header", "footer", "location"] as const;

/** Namespaces that belong to no single page: e-mails (server) and the account forms' messages. */
export const EXTRA_NAMESPACES = ["email", "forms"] as const;

/** The translation namespace of a page: its first path segment, "home" when empty (SPEC §2 page name). */
export function namespaceOfPage(pageKey: string): string {
  const page = pageByKey(pageKey);
  if (!page) return "404";
  return page.path.split("/")[0] || "home";
}

/** Catalogues are nested at most three levels deep (SPEC §2); deeper keys are rejected. */
export const MAX_KEY_DEPTH = 3;

export type Catalogue = { [key: string]: string | Catalogue };
export type Resources = Record<string, Catalogue>;
