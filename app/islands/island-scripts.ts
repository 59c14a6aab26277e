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

/** An island's hashed module URL and the shared chunks it imports statically (scripts/build-islands.mjs). */
export interface IslandModule {
  src: string;
  imports: string[];
}

declare const __ISLAND_SCRIPTS__: Record<string, IslandModule> | undefined;

/** An island's built module; the build writes them into vite.config.ts's define. */
export function islandModule(name: IslandName): IslandModule {
  const scripts = typeof __ISLAND_SCRIPTS__ === "undefined" ? undefined : __ISLAND_SCRIPTS__;
  const built = scripts?.[name];
  if (!built) throw new Error(`island "${name}" is not built: run npm run build (scripts/build-islands.mjs)`);
  return built;
}

/** The shared chunks a set of islands import, each once and none of them an island itself. */
export function islandPreloads(modules: readonly IslandModule[]): string[] {
  const entries = new Set(modules.map((module) => module.src));
  return [...new Set(modules.flatMap((module) => module.imports))].filter((url) => !entries.has(url));
}
