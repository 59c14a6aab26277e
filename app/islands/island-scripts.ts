/**
 * The islands a document page can load (decision 031): one app/islands/<name>.island.ts each,
 * built by scripts/build-islands.mjs. Every document page loads "page"; a route adds others in
 * its `handle` (`{ islands: ["prices"] }`).
 */
export const ISLAND_NAMES = ["page", "promotions", "prices", "contact-form", "redirect"] as const;
export type IslandName = (typeof ISLAND_NAMES)[number];

/** Route handle of a document page that needs islands beyond "page". */
export interface IslandsHandle {
  islands?: readonly IslandName[];
}

declare const __ISLAND_SCRIPTS__: Record<string, string> | undefined;

/** The hashed URL of an island's module; the build writes them into vite.config.ts's define. */
export function islandScript(name: IslandName): string {
  const scripts = typeof __ISLAND_SCRIPTS__ === "undefined" ? undefined : __ISLAND_SCRIPTS__;
  const src = scripts?.[name];
  if (!src) throw new Error(`island "${name}" is not built: run npm run build (scripts/build-islands.mjs)`);
  return src;
}
