import { pageByKey } from "../routing/pages";

/** The translation namespace of a page: its first path segment, "home" when empty (SPEC §2 page name). */
export function namespaceOfPage(pageKey: string): string {
  const page = pageByKey(pageKey);
  if (!page) return "404";
  return page.path.split("/")[0] || "home";
}
