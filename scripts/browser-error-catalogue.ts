import path from "node:path";
import type { Plugin } from "vite";
import { API_ERRORS } from "../universal/api/errors.ts";

/**
 * The browser's copy of the error catalogue (decision 059). The pages need an error's code (to
 * recognise it) and its forms key (to show it), never the English message or the HTTP status:
 * the full catalogue was 3.3 KB gz on every app page. Server code imports the file itself.
 */
export function browserErrorCatalogue(catalogue: Record<string, { code: number; messageKey: string }>): string {
  const codes = Object.fromEntries(Object.entries(catalogue).map(([name, entry]) => [name, { code: entry.code }]));
  // The last entry of a code wins, as in the catalogue's own lookup.
  const keys = new Map(Object.values(catalogue).map((entry) => [entry.code, entry.messageKey]));
  const ownKey = [...keys].filter(([code, key]) => key === `api.${code}`).map(([code]) => code);
  const otherKey = [...keys].filter(([code, key]) => key !== `api.${code}` && key !== "api.generic");
  return [
    `export const API_ERRORS = ${JSON.stringify(codes)};`,
    `const OWN_KEY = new Set(${JSON.stringify(ownKey)});`,
    `const OTHER_KEY = new Map(${JSON.stringify(otherKey)});`,
    "export function messageKeyForCode(code) {",
    '  return OTHER_KEY.get(code) ?? (OWN_KEY.has(code) ? `api.${code}` : "api.generic");',
    "}",
  ].join("\n");
}

const CATALOGUE = path.resolve(import.meta.dirname, "../universal/api/errors.ts");

/** Gives the client build browserErrorCatalogue in place of universal/api/errors.ts. */
export function browserErrorCataloguePlugin(): Plugin {
  return {
    name: "veilport:browser-error-catalogue",
    enforce: "pre",
    load(id) {
      if (this.environment?.name !== "client" || id.split("?")[0] !== CATALOGUE) return null;
      return browserErrorCatalogue(API_ERRORS);
    },
  };
}
