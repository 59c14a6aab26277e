import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./context";
import { chooseEncoding } from "./middleware/compress";
import { ifNoneMatchHits } from "./static-pages/static-page";
import type { StaticPageStore } from "./static-pages/store";

export { type StaticPageStore, staticPageStore } from "./static-pages/store";

/** Marks a response as a prerendered page (value: its content coding); never sent. */
export const STATIC_PAGE_MARKER = "x-static-page-variant";

const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "no-cache";
const SHORT = "public, max-age=3600";

/**
 * Prerendered pages as static files: the variant the client accepts, a strong ETag, 304 on
 * If-None-Match, revalidated on every visit. Their CSP (hashes, no nonce) is set by securityHeaders.
 */
export function prerenderedPages(
  store: StaticPageStore,
  publicOrigin: (requestUrl: string) => string,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    const page = store.lookup(c.req.path, publicOrigin(c.req.url));
    if (!page) return next();
    const variants = await page.variants();
    const encoding = chooseEncoding(c.req.header("accept-encoding"));
    const chosen = variants[encoding ?? "identity"];
    c.header("Cache-Control", REVALIDATE);
    c.header("Vary", "Accept-Encoding");
    c.header("ETag", chosen.etag);
    // Read (and removed) by the fast path, which learns the whole answer's headers from it.
    c.header(STATIC_PAGE_MARKER, encoding ?? "identity");
    if (ifNoneMatchHits(c.req.header("if-none-match"), chosen.etag)) return c.body(null, 304);
    c.header("Content-Type", "text/html; charset=UTF-8");
    if (encoding) c.header("Content-Encoding", encoding);
    return c.body(chosen.bytes);
  };
}

/** Hashed build assets (immutable, precompressed .br/.gz beside them) and other public files. */
export function staticAssets(clientDir: string): MiddlewareHandler<AppEnv> {
  const serve = serveStatic({ root: path.relative(process.cwd(), clientDir) || ".", precompressed: true });
  return async (c, next) => {
    const requestPath = c.req.path;
    // Directory indexes are prerendered pages (with their headers), never raw files.
    if (requestPath.endsWith("/") || /\.html(\.br|\.gz)?$/.test(requestPath) || !path.extname(requestPath)) {
      return next();
    }
    const response = await serve(c, next);
    if (response instanceof Response && response.ok) {
      response.headers.set("Cache-Control", requestPath.startsWith("/assets/") ? IMMUTABLE : SHORT);
    }
    return response;
  };
}
