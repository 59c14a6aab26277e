import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PRERENDER_NONCE_PLACEHOLDER } from "../../app/lib/csp-nonce";
import { ORIGIN_PLACEHOLDER } from "../../app/lib/origin";
import { prepareStaticPages } from "../../server/static-pages/prepare";

/** Inline code as React Router prerenders it: a nonce placeholder, the origin inside loader data. */
export const loaderScript = (origin: string) => `window.__context={"origin":"${origin}"};`;
export const moduleScript = 'import("/assets/entry-abc123.js");';
const pageHtml = (text: string) =>
  `<!DOCTYPE html><html><head><link rel="canonical" href="${ORIGIN_PLACEHOLDER}/${text}"/>` +
  `<link rel="modulepreload" href="/assets/entry-abc123.js" nonce="${PRERENDER_NONCE_PLACEHOLDER}"/></head>` +
  `<body><p>${text}</p>${"<p>words for compression to matter</p>".repeat(60)}` +
  `<script nonce="${PRERENDER_NONCE_PLACEHOLDER}">${loaderScript(ORIGIN_PLACEHOLDER)}</script>` +
  `<script type="application/ld+json">{"@type":"WebPage"}</script>` +
  `<script nonce="${PRERENDER_NONCE_PLACEHOLDER}" type="module" async="">${moduleScript}</script></body></html>`;

/** A client build as `npm run build` leaves it, prepared for the given origin (null: unknown at build). */
export function writeClientBuild(origin: string | null): string {
  const dir = mkdtempSync(path.join(tmpdir(), "veilport-build-"));
  const client = path.join(dir, "client");
  mkdirSync(path.join(client, "assets"), { recursive: true });
  mkdirSync(path.join(client, "features"));
  writeFileSync(path.join(client, "index.html"), pageHtml("home"));
  writeFileSync(path.join(client, "features", "index.html"), pageHtml("features"));
  writeFileSync(path.join(client, "assets", "entry-abc123.js"), "console.log('x');".repeat(200));
  writeFileSync(path.join(client, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  prepareStaticPages(client, origin);
  return dir;
}
