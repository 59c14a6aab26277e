import type { Config } from "@react-router/dev/config";
import { assertTrustFacts } from "./app/content/trust";
import { concretePaths, PAGES } from "./app/routing/pages";
import { TRUST } from "./content/trust";
import { LOCALES, localizePath } from "./universal/i18n/locales";

/** Every marketing page in every language, built ahead (the route table marks them "prerender"). */
function prerenderedPaths(): string[] {
  const rests = PAGES.filter((page) => page.render === "prerender").flatMap(concretePaths);
  return LOCALES.flatMap((locale) => rests.map((rest) => localizePath(rest, locale.code)));
}

// Every build checks the operator's trust facts (content/trust.ts): a bad entry stops it. (Home,
// which shows them, renders per request, so its loader can no longer be where the build fails.)
assertTrustFacts(TRUST);

export default {
  appDirectory: "app",
  buildDirectory: "build",
  // Server-rendered by default (account, checkout, tools that need the visitor's address).
  ssr: true,
  prerender: prerenderedPaths,
} satisfies Config;
