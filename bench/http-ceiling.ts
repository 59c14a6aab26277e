/**
 * The ceiling the prerendered page's throughput is measured against: a plain node:http process
 * sending the very bytes and headers the app sent for that page (compressed as the app compresses
 * it for `accept-encoding: br, gzip`), so the ratio is the cost of everything else the app does.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";

export const LOAD_HEADERS = { "accept-encoding": "br, gzip" };

// Per-connection headers node:http writes itself.
const OWN_HEADERS = new Set(["connection", "keep-alive", "transfer-encoding", "date"]);

/** One response as it went over the wire: the raw (still compressed) body and its headers. */
export function rawResponse(url: string): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: LOAD_HEADERS }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const headers: Record<string, string> = {};
          for (const [name, value] of Object.entries(response.headers)) {
            if (value !== undefined && !OWN_HEADERS.has(name)) headers[name] = String(value);
          }
          const body = Buffer.concat(chunks);
          headers["content-length"] = String(body.length);
          resolve({ status: response.statusCode ?? 0, headers, body });
        });
      })
      .on("error", reject);
  });
}

/** Starts the ceiling process for `pageUrl` on `port`; its files go to `dir`. */
export async function startHttpCeiling(
  pageUrl: string,
  port: number,
  dir: string,
): Promise<{ child: ChildProcess; encoding: string; bytes: number; headerBytes: number }> {
  const page = await rawResponse(pageUrl);
  if (page.status !== 200) throw new Error(`${pageUrl} answered ${page.status}, not a page to serve`);
  const bodyFile = path.join(dir, "ceiling-body");
  const headersFile = path.join(dir, "ceiling-headers.json");
  writeFileSync(bodyFile, page.body);
  writeFileSync(headersFile, JSON.stringify(page.headers));
  const child = spawn(
    process.execPath,
    [path.join(import.meta.dirname, "http-ceiling-server.mjs"), bodyFile, headersFile, String(port)],
    { stdio: ["ignore", "ignore", "inherit"] },
  );
  const headerBytes = Object.entries(page.headers).reduce(
    (sum, [name, value]) => sum + name.length + value.length + 4,
    0,
  );
  return { child, encoding: page.headers["content-encoding"] ?? "identity", bytes: page.body.length, headerBytes };
}
