import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { PRERENDER_NONCE_PLACEHOLDER } from "../../app/lib/csp-nonce";
import { ORIGIN_PLACEHOLDER } from "../../app/lib/origin";
import { staticPage, strongEtag } from "./static-page";

/** What the build knows of each prerendered page; the server answers from it and the files beside it. */
export interface StaticPagesManifest {
  /** The origin written into the pages, or null when the build did not know it (the placeholder stays). */
  origin: string | null;
  pages: Record<
    string,
    {
      /** index.html under the client build; `.br` and `.gz` beside it. */
      file: string;
      scriptHashes: string[];
      styleHashes: string[];
      etags: { identity: string; br: string; gzip: string };
    }
  >;
}

export const STATIC_PAGES_MANIFEST = "static-pages.json";

/** The manifest sits next to the client build (not inside it: it is not a public file). */
export const manifestPath = (clientDir: string) => path.join(clientDir, "..", STATIC_PAGES_MANIFEST);

export const compressBrotli = (bytes: Buffer) =>
  zlib.brotliCompressSync(bytes, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    },
  });
export const compressGzip = (bytes: Buffer) => zlib.gzipSync(bytes, { level: 9 });

/** Every prerendered page (…/index.html) under the client build, keyed by URL path. */
export function findPrerenderedPages(clientDir: string): Map<string, string> {
  const pages = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (full !== path.join(clientDir, "assets")) walk(full);
      } else if (entry.name === "index.html") {
        const urlPath = `/${path.relative(clientDir, dir).split(path.sep).join("/")}`.replace(/\/$/, "") || "/";
        pages.set(urlPath, path.relative(clientDir, full).split(path.sep).join("/"));
      }
    }
  };
  walk(clientDir);
  return pages;
}

/**
 * Build step: rewrites each prerendered page without nonces (with `origin` when the build knows
 * it), precompresses it (br, gzip) and writes the manifest with its CSP hashes and ETags.
 */
export function prepareStaticPages(clientDir: string, origin: string | null): StaticPagesManifest {
  const manifest: StaticPagesManifest = { origin, pages: {} };
  for (const [urlPath, file] of findPrerenderedPages(clientDir)) {
    const full = path.join(clientDir, file);
    const page = staticPage(readFileSync(full, "utf8"), {
      noncePlaceholder: PRERENDER_NONCE_PLACEHOLDER,
      fromOrigin: ORIGIN_PLACEHOLDER,
      toOrigin: origin ?? ORIGIN_PLACEHOLDER,
    });
    const bytes = Buffer.from(page.html, "utf8");
    const br = compressBrotli(bytes);
    const gzip = compressGzip(bytes);
    writeFileSync(full, bytes);
    writeFileSync(`${full}.br`, br);
    writeFileSync(`${full}.gz`, gzip);
    manifest.pages[urlPath] = {
      file,
      scriptHashes: page.scriptHashes,
      styleHashes: page.styleHashes,
      etags: { identity: strongEtag(bytes, "identity"), br: strongEtag(br, "br"), gzip: strongEtag(gzip, "gzip") },
    };
  }
  writeFileSync(manifestPath(clientDir), JSON.stringify(manifest));
  return manifest;
}
