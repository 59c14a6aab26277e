import { existsSync, readFileSync } from "node:fs";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { LAYOUT_FILES, PAGES } from "./app/routing/pages";
import { appShellChunks } from "./scripts/app-shell-chunk.ts";
import { browserErrorCataloguePlugin } from "./scripts/browser-error-catalogue.ts";
import { reactRouterProductionBuild } from "./scripts/react-router-production.ts";
import { brandPlugin } from "./scripts/vite-plugin-brand.ts";

// The islands' hashed URLs (scripts/build-islands.mjs runs first in scripts/build.mjs).
const ISLAND_MANIFEST = ".tmp/islands/manifest.json";
const islandScripts = existsSync(ISLAND_MANIFEST) ? readFileSync(ISLAND_MANIFEST, "utf8") : "undefined";

// The layouts app pages render in (the shell chunk's entries, besides the root).
const APP_LAYOUTS = [...new Set(PAGES.filter((page) => page.kind === "app").map((page) => LAYOUT_FILES[page.layout]))];

export default defineConfig({
  define: { __ISLAND_SCRIPTS__: islandScripts },
  // The brand first: its colours go into app.css before Tailwind reads the @theme.
  plugins: [
    brandPlugin(),
    browserErrorCataloguePlugin(),
    reactRouterProductionBuild(import.meta.dirname),
    tailwindcss(),
    reactRouter(),
  ],
  build: {
    // Inline nothing: the CSP forbids data: scripts and styles.
    assetsInlineLimit: 0,
    sourcemap: process.env.SOURCEMAP === "1",
  },
  environments: {
    client: {
      build: { rolldownOptions: { output: { codeSplitting: appShellChunks(import.meta.dirname, APP_LAYOUTS) } } },
    },
  },
});
