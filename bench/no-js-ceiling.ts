/**
 * The no-JS ceiling: the same page with every script removed, served beside the app so Lighthouse
 * can score both in the same run. Whatever separates the two scores is the page's JavaScript.
 */
import http from "node:http";
import zlib from "node:zlib";
import { chooseEncoding } from "../server/middleware/compress";

/** The stripped page compressed whole, as the app's build compresses its prerendered pages. */
function compressWhole(
  body: string,
  acceptEncoding: string | undefined,
): { encoding: "br" | "gzip"; bytes: Buffer } | null {
  const encoding = chooseEncoding(acceptEncoding);
  if (!encoding) return null;
  const bytes =
    encoding === "br"
      ? zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } })
      : zlib.gzipSync(body, { level: 9 });
  return { encoding, bytes };
}

/**
 * Removes every `<script>` element (external, module, inline data) and every module preload,
 * the JavaScript a page fetches or runs; stylesheets, images, fonts and the markup stay.
 */
export function stripScripts(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, "")
    .replace(/<link\b[^>]*\brel=["']?modulepreload["']?[^>]*>/gi, "");
}

// Hop-by-hop and length headers: node:http sets its own for the body it sends.
const DROPPED_HEADERS = new Set(["connection", "keep-alive", "transfer-encoding", "content-length", "date"]);

function decode(body: Buffer, encoding: string | undefined): Buffer {
  if (encoding === "br") return zlib.brotliDecompressSync(body);
  if (encoding === "gzip") return zlib.gunzipSync(body);
  return body;
}

/**
 * A node:http server that proxies every request to the app unchanged (CSS, images and fonts arrive
 * as the app sends them, compressed the same way), except HTML, which it answers without scripts,
 * compressed as the app compresses its pages.
 */
export async function startNoJsServer(appOrigin: string): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = http.createServer((request, response) => {
    const upstream = http.request(
      new URL(request.url ?? "/", appOrigin),
      { method: request.method, headers: { ...request.headers, host: new URL(appOrigin).host } },
      (answer) => {
        const type = String(answer.headers["content-type"] ?? "");
        if (!type.startsWith("text/html")) {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("end", () => {
          const headers = Object.fromEntries(
            Object.entries(answer.headers).filter(
              ([name]) => !DROPPED_HEADERS.has(name) && name !== "content-encoding",
            ),
          );
          const html = stripScripts(decode(Buffer.concat(chunks), answer.headers["content-encoding"]).toString("utf8"));
          const compressed = compressWhole(html, request.headers["accept-encoding"]);
          if (compressed) headers["content-encoding"] = compressed.encoding;
          response.writeHead(answer.statusCode ?? 502, headers);
          response.end(compressed ? compressed.bytes : html);
        });
      },
    );
    upstream.on("error", (error) => {
      response.writeHead(502, { "content-type": "text/plain" });
      response.end(String(error));
    });
    request.pipe(upstream);
  });
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("no-JS ceiling: no port");
  return {
    origin: `http://127.0.0.1:${address.port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
