import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import type { Logger } from "pino";
import { decidePageRedirect } from "../../app/routing/page-redirect";
import { resolveClientAddress, type TrustProxy } from "../../core/net/client-address";
import { type LogAddressMode, logAddress } from "../../core/net/log-address";
import { LOCALE_COOKIE } from "../../universal/i18n/locales";
import { chooseEncoding } from "../middleware/compress";
import { STATIC_PAGE_MARKER, type StaticPageStore } from "../static-files";
import { ifNoneMatchHits } from "./static-page";

/** Headers that belong to one answer, never replayed: the node server sets or we add them. */
const PER_ANSWER = new Set(["date", "x-request-id", "content-length", "connection", "keep-alive", "transfer-encoding"]);

// Hono's requestId middleware accepts a caller's id on the same terms (app.ts: limitLength 64).
const REQUEST_ID_LIMIT = 64;
const acceptedRequestId = (value: string | undefined) =>
  value && value.length <= REQUEST_ID_LIMIT && !/[^\w\-=]/.test(value) ? value : undefined;

export interface FastPathDeps {
  store: StaticPageStore;
  /** PUBLIC_ORIGIN: without it the Host header picks the origin, and the fast path stays off. */
  origin: string;
  trust: TrustProxy;
  logger: Logger;
  /** What the log line keeps of the client's address (LOG_IP_ADDRESSES); truncated when unset. */
  logAddresses?: LogAddressMode;
  /** True only while the operator's cached route rules are fresh and name no rule for the path. */
  surelyNoRule: (pathname: string) => boolean;
  isShuttingDown: () => boolean;
}

export interface StaticPageFastPath {
  /** Wraps the app's fetch: learns the headers of each prerendered page's answers from it. */
  learning(fetch: (request: Request, env?: unknown) => Response | Promise<Response>): typeof fetch;
  /** Answers the request if it is a prerendered page it has learnt; false leaves it to the app. */
  handle(request: IncomingMessage, response: ServerResponse): boolean;
  /** The server's listener: this fast path, then the app's listener for everything else. */
  inFrontOf(appListener: RequestListener): RequestListener;
}

function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const at = part.indexOf("=");
    if (at > 0 && part.slice(0, at).trim() === name) return decodeURIComponent(part.slice(at + 1).trim());
  }
  return null;
}

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * Prerendered pages without the framework on the way (issue 18): for a GET of a page the app has
 * already answered once the same way (same path, content coding and status), the bytes and headers
 * it sent are sent again straight from node:http, with a fresh request id and the usual log line.
 * What the app would decide per request is decided here by the same functions (SPEC §2's URL
 * redirects, the operator's route rules, If-None-Match); anything else (a query string, a body,
 * a redirect, a rule not known to be absent, shutdown) goes to the app. The headers are learnt from
 * the app's own answers, so the two paths cannot disagree on security headers or caching.
 */
export function staticPageFastPath(deps: FastPathDeps): StaticPageFastPath {
  // Learnt headers as node:http's flat [name, value, …] list, built once: writeHead takes it as is.
  const learnt = new Map<string, string[]>();
  const keyOf = (path: string, encoding: string, status: number) => `${status} ${encoding} ${path}`;

  const fastPath: StaticPageFastPath = {
    inFrontOf(appListener) {
      return (request, response) => {
        if (!fastPath.handle(request, response)) appListener(request, response);
      };
    },

    learning(fetch) {
      return async (request, env) => {
        const answer = await fetch(request, env);
        const encoding = answer.headers.get(STATIC_PAGE_MARKER);
        if (encoding === null) return answer;
        answer.headers.delete(STATIC_PAGE_MARKER);
        // A cookie is one visitor's: an answer that sets one is never replayed.
        if (request.method === "GET" && !answer.headers.has("set-cookie")) {
          const headers: string[] = [];
          answer.headers.forEach((value, name) => {
            if (!PER_ANSWER.has(name)) headers.push(name, value);
          });
          learnt.set(keyOf(new URL(request.url).pathname, encoding, answer.status), headers);
        }
        return answer;
      };
    },

    handle(request, response) {
      const started = performance.now();
      const method = request.method;
      if ((method !== "GET" && method !== "HEAD") || deps.isShuttingDown()) return false;
      const url = request.url ?? "/";
      // A query (attribution, a chosen currency) or an escaped path: the app's rules decide.
      if (url.includes("?") || url.includes("%") || !url.startsWith("/")) return false;
      if (request.headers["transfer-encoding"] || (request.headers["content-length"] ?? "0") !== "0") return false;
      const redirect = decidePageRedirect({
        pathname: url,
        search: "",
        cookieLocale: readCookie(request.headers.cookie, LOCALE_COOKIE),
        acceptLanguage: request.headers["accept-language"] ?? null,
      });
      if (redirect || !deps.surelyNoRule(url)) return false;
      const variants = deps.store.lookup(url, deps.origin)?.variants.ready();
      if (!variants) return false;
      const encoding = chooseEncoding(request.headers["accept-encoding"]) ?? "identity";
      const chosen = variants[encoding];
      const status = ifNoneMatchHits(request.headers["if-none-match"], chosen.etag) ? 304 : 200;
      const headers = learnt.get(keyOf(url, encoding, status));
      if (!headers) return false;

      const requestId = acceptedRequestId(single(request.headers["x-request-id"])) ?? crypto.randomUUID();
      const body = status === 200 && method === "GET" ? chosen.bytes : undefined;
      const perAnswer =
        status === 200
          ? ["x-request-id", requestId, "content-length", String(chosen.bytes.byteLength)]
          : ["x-request-id", requestId];
      response.writeHead(status, headers.concat(perAnswer));
      response.end(body);
      const address = resolveClientAddress(
        request.socket.remoteAddress ?? "127.0.0.1",
        single(request.headers["x-forwarded-for"]),
        deps.trust,
      );
      deps.logger.info(
        {
          reqId: requestId,
          method,
          path: url,
          status,
          ms: Math.round((performance.now() - started) * 10) / 10,
          ip: logAddress(address, deps.logAddresses),
          via: "fast path",
        },
        "request",
      );
      return true;
    },
  };
  return fastPath;
}
