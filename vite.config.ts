import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { brandPlugin } from "./scripts/vite-plugin-brand.ts";

export default defineConfig({
  // The brand first: its colours go into app.css before Tailwind reads the @theme.
  plugins: [brandPlugin(), tailwindcss(), reactRouter()],
  build: {
    // Inline nothing: the CSP forbids data: scripts and styles.
    assetsInlineLimit: 0,
  },
});
