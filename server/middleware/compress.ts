import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import zlib from "node:zlib";
import type { MiddlewareHandler } from "hono";

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|rss\+xml|atom\+xml|manifest\+json)|image\/svg\+xml)/;
const MIN_BYTES = 1024;

/** Picks the encoding the client prefers among the two we produce; brotli first. */
export function chooseEncoding(acceptEncoding: string | undefined): "br" | "gzip" | null {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    accepted.set(name ?? "", q ? Number(q.slice(2)) : 1);
  }
  const weight = (name: string) => accepted.get(name) ?? accepted.get("*") ?? 0;
  if (weight("br") > 0 && weight("br") >= weight("gzip")) return "br";
  if (weight("gzip") > 0) return "gzip";
  return null;
}

/**
 * Compresses dynamic responses (server-rendered HTML, JSON) with brotli or gzip.
 * Hono's own compress() has no brotli on Node; hashed assets are precompressed at build
 * and arrive here already encoded, so they pass through untouched.
 * Streamed HTML still reaches the browser progressively: what the renderer wrote in one turn of
 * the event loop is flushed together after it. (Flushing after every small chunk React writes made
 * brotli's output bigger than gzip's: a 40 KB page was 12.7 KB instead of 7 KB.)
 */
export function compress(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    const type = res.headers.get("content-type") ?? "";
    const length = Number(res.headers.get("content-length") ?? Number.POSITIVE_INFINITY);
    if (
      !res.body ||
      c.req.method === "HEAD" ||
      res.headers.has("content-encoding") ||
      res.headers.get("cache-control")?.includes("no-transform") ||
      !COMPRESSIBLE.test(type) ||
      length < MIN_BYTES
    ) {
      return;
    }
    const encoding = chooseEncoding(c.req.header("accept-encoding"));
    // A prerendered page already says so (it chose among its precompressed copies).
    if (!/accept-encoding/i.test(res.headers.get("vary") ?? "")) res.headers.append("vary", "Accept-Encoding");
    if (!encoding) return;

    const encoder =
      encoding === "br"
        ? zlib.createBrotliCompress({
            params: {
              // Quality 5: about gzip's speed with a clearly smaller output (4-6 are brotli's
              // usual range for responses compressed on the fly).
              [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
              [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            },
          })
        : zlib.createGzip({ level: 6 });
    const flushKind = encoding === "br" ? zlib.constants.BROTLI_OPERATION_FLUSH : zlib.constants.Z_SYNC_FLUSH;
    const source = Readable.fromWeb(res.body as unknown as NodeReadableStream<Uint8Array>);
    source.on("error", (error) => encoder.destroy(error));
    let flushQueued = false;
    source.on("data", () => {
      if (flushQueued) return;
      flushQueued = true;
      setImmediate(() => {
        flushQueued = false;
        if (!encoder.destroyed && !encoder.writableEnded) encoder.flush(flushKind);
      });
    });
    const body = Readable.toWeb(source.pipe(encoder)) as unknown as ReadableStream<Uint8Array>;

    const headers = new Headers(res.headers);
    headers.delete("content-length");
    headers.set("content-encoding", encoding);
    c.res = new Response(body, { status: res.status, statusText: res.statusText, headers });
  };
}
