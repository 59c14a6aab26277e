// The islands of the document pages (decision 031): each app/islands/<name>.island.ts is an entry
// of its own, bundled by esbuild into small ES modules that share chunks (no React in them).
// Written to .tmp/islands/ (the React Router build empties build/) before that build, which reads the manifest (vite.config.ts)
// to put each island's hashed URL into the pages; build.mjs copies the files into build/client.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";

export const ISLANDS_PUBLIC_DIR = "assets/islands";

/**
 * Builds every island; returns { name: { src: "/assets/islands/<name>-<hash>.js", imports: [...] } },
 * `imports` being the shared chunks the island imports statically, directly or not: the page
 * preloads them beside the island so the browser fetches them at once, not a level per round trip.
 */
export async function buildIslands(root) {
  const source = path.join(root, "app/islands");
  const out = path.join(root, ".tmp/islands");
  rmSync(out, { recursive: true, force: true });
  const entries = readdirSync(source)
    .filter((name) => name.endsWith(".island.ts"))
    .map((name) => ({ in: path.join(source, name), out: name.slice(0, -".island.ts".length) }));
  const result = await build({
    entryPoints: entries,
    outdir: path.join(out, ISLANDS_PUBLIC_DIR),
    entryNames: "[name]-[hash]",
    chunkNames: "shared-[hash]",
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "browser",
    target: ["es2022", "chrome111", "firefox115", "safari16"],
    minify: true,
    metafile: true,
    legalComments: "none",
    logLevel: "warning",
  });
  // Islands exist to keep the framework off document pages: a React import is a build error.
  const framework = Object.keys(result.metafile.inputs).filter((input) =>
    /node_modules\/(react|react-dom|react-router|scheduler)\//.test(input),
  );
  if (framework.length > 0) {
    throw new Error(`build-islands: an island imports the framework (${framework[0]}): islands are plain TypeScript`);
  }
  const outputs = result.metafile.outputs;
  const publicUrl = (file) => `/${ISLANDS_PUBLIC_DIR}/${path.basename(file)}`;
  // Dynamic imports (analytics after consent, the popup's drawing) stay out: they load when needed.
  const staticClosure = (file, seen = new Set()) => {
    for (const imported of outputs[file]?.imports ?? []) {
      if (imported.kind !== "import-statement" || seen.has(imported.path)) continue;
      seen.add(imported.path);
      staticClosure(imported.path, seen);
    }
    return seen;
  };
  const manifest = {};
  for (const [file, output] of Object.entries(outputs)) {
    if (!output.entryPoint?.endsWith(".island.ts")) continue;
    const name = path.basename(output.entryPoint, ".island.ts");
    manifest[name] = { src: publicUrl(file), imports: [...staticClosure(file)].map(publicUrl).sort() };
  }
  mkdirSync(out, { recursive: true });
  writeFileSync(path.join(out, "manifest.json"), JSON.stringify(manifest, null, 2));
  return manifest;
}
