import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { PRERENDER_NONCE_PLACEHOLDER } from "../../app/lib/csp-nonce";
import { ORIGIN_PLACEHOLDER } from "../../app/lib/origin";
import { manifestPath, type StaticPagesManifest } from "./prepare";
import { staticPage, strongEtag } from "./static-page";

/** Bytes as Hono sends them (copied once from the Buffer a read or a compression gave). */
export type Variant = { bytes: Uint8Array<ArrayBuffer>; etag: string };
const variant = (bytes: Buffer, etag: string): Variant => ({ bytes: new Uint8Array(bytes), etag });

interface ServedPage {
  scriptHashes: string[];
  styleHashes: string[];
  /** Identity, br and gzip bytes with their ETags (read or compressed on first use). */
  variants: Once<Record<"identity" | "br" | "gzip", Variant>>;
}

const MAX_UNCONFIGURED_ORIGINS = 4;

/**
 * The prerendered pages as the build left them (static-pages.json and the files beside it). A page
 * is served as built when the build wrote the origin it is served under; otherwise (no PUBLIC_ORIGIN
 * at build time) its origin is swapped in and it is compressed once, on its first visit.
 */
export function staticPageStore(clientDir: string, configuredOrigin: string | undefined) {
  let manifest: StaticPagesManifest;
  try {
    manifest = JSON.parse(readFileSync(manifestPath(clientDir), "utf8"));
  } catch {
    manifest = { origin: null, pages: {} };
  }
  const byOrigin = new Map<string, Map<string, ServedPage>>();
  const builtPages = new Map<string, ServedPage>();

  const asBuilt = (entry: StaticPagesManifest["pages"][string]): ServedPage => {
    const full = path.join(clientDir, entry.file);
    return {
      scriptHashes: entry.scriptHashes,
      styleHashes: entry.styleHashes,
      variants: once(async () => {
        const [identity, br, gzip] = await Promise.all([
          readFile(full),
          readFile(`${full}.br`),
          readFile(`${full}.gz`),
        ]);
        return {
          identity: variant(identity, entry.etags.identity),
          br: variant(br, entry.etags.br),
          gzip: variant(gzip, entry.etags.gzip),
        };
      }),
    };
  };

  const rebased = (entry: StaticPagesManifest["pages"][string], origin: string): ServedPage => {
    const page = staticPage(readFileSync(path.join(clientDir, entry.file), "utf8"), {
      noncePlaceholder: PRERENDER_NONCE_PLACEHOLDER,
      fromOrigin: manifest.origin ?? ORIGIN_PLACEHOLDER,
      toOrigin: origin,
    });
    const identity = Buffer.from(page.html, "utf8");
    return {
      scriptHashes: page.scriptHashes,
      styleHashes: page.styleHashes,
      variants: once(async () => {
        const [br, gzip] = await Promise.all([brotli(identity), gzipAsync(identity)]);
        return {
          identity: variant(identity, strongEtag(identity, "identity")),
          br: variant(br, strongEtag(br, "br")),
          gzip: variant(gzip, strongEtag(gzip, "gzip")),
        };
      }),
    };
  };

  return {
    /** The page at this path as served under this origin, or undefined when it is not prerendered. */
    lookup(urlPath: string, requestOrigin: string): ServedPage | undefined {
      const entry = manifest.pages[urlPath];
      if (!entry) return undefined;
      const origin = configuredOrigin ?? requestOrigin;
      if (origin === manifest.origin) {
        // Read once, then kept: every page of a build fits in memory (a few MB compressed).
        let page = builtPages.get(urlPath);
        if (!page) {
          page = asBuilt(entry);
          builtPages.set(urlPath, page);
        }
        return page;
      }
      let pages = byOrigin.get(origin);
      if (!pages) {
        // Without PUBLIC_ORIGIN (development, tests) the Host header picks the origin: cache a few only.
        if (origin !== configuredOrigin && byOrigin.size >= MAX_UNCONFIGURED_ORIGINS) return rebased(entry, origin);
        pages = new Map();
        byOrigin.set(origin, pages);
      }
      let page = pages.get(urlPath);
      if (!page) {
        page = manifest.origin === origin ? asBuilt(entry) : rebased(entry, origin);
        pages.set(urlPath, page);
      }
      return page;
    },
  };
}

export type StaticPageStore = ReturnType<typeof staticPageStore>;

/** A value made on first use; `ready()` gives it without waiting once it has been made. */
type Once<T> = (() => Promise<T>) & { ready: () => T | undefined };

function once<T>(make: () => Promise<T>): Once<T> {
  let value: Promise<T> | undefined;
  let made: T | undefined;
  const get = () => {
    value ??= make().then((result) => {
      made = result;
      return result;
    });
    return value;
  };
  return Object.assign(get, { ready: () => made });
}

const brotli = (bytes: Buffer) =>
  promisify(zlib.brotliCompress)(bytes, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    },
  });
const gzipAsync = (bytes: Buffer) => promisify(zlib.gzip)(bytes, { level: 9 });
