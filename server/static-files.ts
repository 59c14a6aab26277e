import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { MiddlewareHandler } from "hono";
import { PRERENDER_NONCE_PLACEHOLDER } from "../app/lib/csp-nonce";
import { ORIGIN_PLACEHOLDER } from "../app/lib/origin";
import type { AppEnv } from "./context";
import { compressWhole } from "./middleware/compress";

const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "no-cache";
const SHORT = "public, max-age=3600";

/** Finds every prerendered page (…/index.html) under the client build, keyed by URL path. */
export function loadPrerenderedPages(clientDir: string): Map<string, string> {
  const pages = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (full !== path.join(clientDir, "assets")) walk(full);
      } else if (entry.name === "index.html") {
        const urlPath = `/${path.relative(clientDir, dir).split(path.sep).join("/")}`.replace(/\/$/, "") || "/";
        pages.set(urlPath, readFileSync(full, "utf8"));
      }
    }
  };
  walk(clientDir);
  return pages;
}

/**
 * Prerendered HTML, served from memory with this request's CSP nonce and the public origin in
 * place of the build-time placeholders. HTML is revalidated on every visit (no validators: the nonce
 * makes each copy unique).
 */
export function prerenderedPages(
  pages: Map<string, string>,
  publicOrigin: (requestUrl: string) => string,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    const html = pages.get(c.req.path);
    if (html === undefined) return next();
    const body = html
      .replaceAll(PRERENDER_NONCE_PLACEHOLDER, c.get("secureHeadersNonce") ?? "")
      .replaceAll(ORIGIN_PLACEHOLDER, publicOrigin(c.req.url));
    c.header("Cache-Control", REVALIDATE);
    c.header("Vary", "Accept-Encoding");
    const compressed = compressWhole(body, c.req.header("accept-encoding"));
    if (!compressed) return c.html(body);
    c.header("Content-Encoding", compressed.encoding);
    c.header("Content-Type", "text/html; charset=UTF-8");
    return c.body(new Uint8Array(compressed.bytes));
  };
}

/** Hashed build assets (immutable, precompressed .br/.gz beside them) and other public files. */
export function staticAssets(clientDir: string): MiddlewareHandler<AppEnv> {
  const serve = serveStatic({ root: path.relative(process.cwd(), clientDir) || ".", precompressed: true });
  return async (c, next) => {
    const requestPath = c.req.path;
    // Directory indexes are prerendered pages (served with their nonce), never raw files.
    if (requestPath.endsWith("/") || requestPath.endsWith(".html") || !path.extname(requestPath)) return next();
    const response = await serve(c, next);
    if (response instanceof Response && response.ok) {
      response.headers.set("Cache-Control", requestPath.startsWith("/assets/") ? IMMUTABLE : SHORT);
    }
    return response;
  };
}
