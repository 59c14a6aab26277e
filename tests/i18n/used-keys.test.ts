import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// A key the code asks for that the catalogue lacks shows as the bare key on the page ("moneyBack" in
// the checkout did). This reads the app's source for literal keys given to a `useT("namespace")`
// translator and checks English has each (the catalogue test holds every language to English).
const root = path.resolve(import.meta.dirname, "../..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.includes(".test.") ? [full] : [];
  });
}

type Tree = { [key: string]: string | Tree };
const english = (namespace: string): Tree =>
  JSON.parse(readFileSync(path.join(root, "locales/en", `${namespace}.json`), "utf8"));

/** The key, or its plural forms (`key_one`, `key_other`…). */
function hasKey(tree: Tree, key: string): boolean {
  const parts = key.split(".");
  const last = parts.pop() ?? "";
  let node: Tree | string | undefined = tree;
  for (const part of parts) node = typeof node === "object" ? node[part] : undefined;
  if (typeof node !== "object") return false;
  return Object.keys(node).some((name) => name === last || name.startsWith(`${last}_`));
}

describe("translation keys used in the app", () => {
  it("every literal key given to a page's translator is in the English catalogue", () => {
    const missing: string[] = [];
    for (const file of sourceFiles(path.join(root, "app"))) {
      const source = readFileSync(file, "utf8");
      for (const [, translator, namespace] of source.matchAll(/const (\w+) = useT\("([\w-]+)"\)/g)) {
        for (const [, literal] of source.matchAll(new RegExp(`\\b${translator}\\("([\\w.:-]+)"`, "g"))) {
          const [ns, key] = literal?.includes(":") ? literal.split(":") : [namespace, literal];
          if (!ns || !key || !hasKey(english(ns), key)) missing.push(`${path.relative(root, file)}: ${ns}:${key}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
