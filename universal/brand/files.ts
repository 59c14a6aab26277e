/**
 * Files the build writes at the site's root from content/brand/ (scripts/vite-plugin-brand.ts):
 * stable names, since browsers, manifests and bookmarks ask for them by name.
 */
export const BRAND_FILES = {
  favicon: "/favicon.svg",
  manifest: "/site.webmanifest",
  pressLogo: "/images/press/logo.svg",
} as const;
