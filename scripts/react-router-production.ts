import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Plugin } from "vite";

/**
 * React Router ships two builds of the same code; its package exports name only the development
 * one, whose router keeps its developer warnings (text, checks and the "Hey developer" error
 * page). The browser gets the production build (decision 060): 0.6 KB gz less on every app page.
 * The server keeps the package's own resolution (Node loads it, nothing is bundled for a visitor).
 */
export function reactRouterProductionBuild(root: string): Plugin {
  const packageDir = path.dirname(createRequire(path.join(root, "package.json")).resolve("react-router/package.json"));
  const builds: Record<string, string> = {
    "react-router": path.join(packageDir, "dist/production/index.mjs"),
    "react-router/dom": path.join(packageDir, "dist/production/dom-export.mjs"),
  };
  return {
    name: "veilport:react-router-production",
    enforce: "pre",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    buildStart() {
      for (const file of Object.values(builds)) {
        if (!existsSync(file))
          this.error(`react-router has no production build at ${file}: update decision 060's plugin`);
      }
    },
    resolveId(source) {
      return builds[source];
    },
  };
}
