import path from "node:path";

/**
 * The app pages' client chunking. By default the bundler gives every shared module its own small
 * chunk: the login page loaded ~30 files of our code, and gzip compresses each file alone (30.6 KB
 * gz apart, 23.3 KB together). Every app page runs the root and its layouts, so what they import
 * statically is one "shell" chunk; React and React Router are one "framework" chunk. Modules that
 * only routes import keep the default splitting, so a page never loads another page's code.
 * Documents load none of this (they have islands, scripts/build-islands.mjs).
 */

type ModuleInfo = { importers: readonly string[] } | null;
type Context = { getModuleInfo(id: string): ModuleInfo };

const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/;

/** `appLayouts`: the layout files (under app/) app pages render in; a documents-only layout's code is not the shell's. */
export function appShellChunks(root: string, appLayouts: readonly string[]) {
  const appDir = path.join(root, "app");
  const entries = new Set(["root.tsx", ...appLayouts].map((file) => path.join(appDir, file)));
  const isShellEntry = (id: string) => entries.has(id.split("?")[0] ?? id);
  const ours = (id: string) => id.startsWith(root + path.sep) && !id.includes(`${path.sep}node_modules${path.sep}`);
  const inShell = new Map<string, boolean>();

  /** Is the module imported statically, through any chain, by the root or a layout? */
  function reachedFromShell(id: string, context: Context, visiting: Set<string>): boolean {
    const known = inShell.get(id);
    if (known !== undefined) return known;
    if (isShellEntry(id)) return true;
    if (visiting.has(id)) return false;
    visiting.add(id);
    const importers = context.getModuleInfo(id)?.importers ?? [];
    const result = importers.some((importer) => reachedFromShell(importer, context, visiting));
    visiting.delete(id);
    if (visiting.size === 0) inShell.set(id, result);
    return result;
  }

  return {
    groups: [
      { name: "framework", test: FRAMEWORK, priority: 2 },
      {
        name: (id: string, context: Context) =>
          ours(id) && !isShellEntry(id) && reachedFromShell(id, context, new Set()) ? "shell" : null,
        priority: 1,
      },
    ],
  };
}
