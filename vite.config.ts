import { existsSync, readFileSync } from "node:fs";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { appShellChunks } from "./scripts/app-shell-chunk.ts";
import { brandPlugin } from "./scripts/vite-plugin-brand.ts";

// The islands' hashed URLs (scripts/build-islands.mjs runs first in scripts/build.mjs).
const ISLAND_MANIFEST = ".tmp/islands/manifest.json";
const islandScripts = existsSync(ISLAND_MANIFEST) ? readFileSync(ISLAND_MANIFEST, "utf8") : "undefined";

export default defineConfig({
  define: { __ISLAND_SCRIPTS__: islandScripts },
  // The brand first: its colours go into app.css before Tailwind reads the @theme.
  plugins: [brandPlugin(), tailwindcss(), reactRouter()],
  build: {
    // Inline nothing: the CSP forbids data: scripts and styles.
    assetsInlineLimit: 0,
  },
  environments: {
    client: { build: { rolldownOptions: { output: { codeSplitting: appShellChunks(import.meta.dirname) } } } },
  },
});
