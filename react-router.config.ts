import type { Config } from "@react-router/dev/config";
import { concretePaths, PAGES } from "./app/routing/pages";
import { LOCALES, localizePath } from "./universal/i18n/locales";

/** Every marketing page in every language, built ahead (the route table marks them "prerender"). */
function prerenderedPaths(): string[] {
  const rests = PAGES.filter((page) => page.render === "prerender").flatMap(concretePaths);
  return LOCALES.flatMap((locale) => rests.map((rest) => localizePath(rest, locale.code)));
}

export default {
  appDirectory: "app",
  buildDirectory: "build",
  // Server-rendered by default (account, checkout, tools that need the visitor's address).
  ssr: true,
  prerender: prerenderedPaths,
} satisfies Config;
