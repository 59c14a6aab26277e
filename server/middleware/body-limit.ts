import type { IncomingMessage, ServerResponse } from "node:http";
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "../context";

/** Every request body, pages included. */
export const DEFAULT_BODY_LIMIT_BYTES = 64 * 1024;
/** Processors' webhook events and the operator's documents (a promotion set in 18 languages) are bigger. */
export const LARGE_BODY_LIMIT_BYTES = 1024 * 1024;
/**
 * How much of a refused body is read and thrown away so the keep-alive connection stays usable.
 * A client that declares or sends more gets `Connection: close` (or, mid-stream, a closed socket).
 */
export const DRAIN_LIMIT_BYTES = 1024 * 1024;

const LARGE_BODY_PREFIXES = ["/api/webhooks/", "/api/operator/"];

/** The most bytes a request to this path may carry. */
export function bodyLimitFor(path: string): number {
  return LARGE_BODY_PREFIXES.some((prefix) => path.startsWith(prefix))
    ? LARGE_BODY_LIMIT_BYTES
    : DEFAULT_BODY_LIMIT_BYTES;
}

interface NodeBindings {
  incoming?: IncomingMessage;
  outgoing?: ServerResponse;
}

/**
 * One body limit for every route, before anything reads the body.
 *
 * Why not hono's bodyLimit alone: under @hono/node-server, touching `c.req.raw.body` wraps Node's
 * request in a web stream that pauses the socket whenever its queue is full. After an early 413
 * nothing reads that stream again, the rest of the body stays unread, and the server gives the
 * socket up (destroys it) half a second later: the client's next request on that keep-alive
 * connection fails. So on Node the limit works on the request stream itself: a declared length
 * is judged from the header and the body is left to Node, which discards it; a chunked body is
 * counted as it arrives, kept when it fits, and read to its end and thrown away when it does not.
 * In-process requests (app.request in tests) have no Node stream and use hono's bodyLimit.
 */
export function requestBodyLimit(tooLarge: (c: Context<AppEnv>, limit: number) => Response): MiddlewareHandler<AppEnv> {
  const webLimits = new Map(
    [DEFAULT_BODY_LIMIT_BYTES, LARGE_BODY_LIMIT_BYTES].map((limit) => [
      limit,
      bodyLimit({ maxSize: limit, onError: (c) => tooLarge(c as Context<AppEnv>, limit) }),
    ]),
  );
  return async (c, next) => {
    const limit = bodyLimitFor(c.req.path);
    const { incoming, outgoing } = (c.env ?? {}) as NodeBindings;
    if (!incoming) return webLimits.get(limit)!(c, next);

    const chunked = c.req.header("transfer-encoding") !== undefined;
    if (!chunked) {
      // Node's parser enforces Content-Length; without one (and without chunking) there is no body.
      const declared = Number(c.req.header("content-length") ?? 0);
      if (declared <= limit) return next();
      const response = tooLarge(c, limit);
      if (declared - limit > DRAIN_LIMIT_BYTES) response.headers.set("Connection", "close");
      return response;
    }
    const body = await readChunkedBody(incoming, outgoing, limit);
    if (body === "aborted") return c.body(null, 400);
    if (body === "too large") return tooLarge(c, limit);
    if (c.req.method !== "GET" && c.req.method !== "HEAD") c.req.raw = new Request(c.req.raw, { body });
    return next();
  };
}

/**
 * The body when it fits the limit; otherwise "too large", and the rest is read and dropped
 * (up to DRAIN_LIMIT_BYTES, then the socket is closed once the answer has gone out).
 */
function readChunkedBody(
  incoming: IncomingMessage,
  outgoing: ServerResponse | undefined,
  limit: number,
): Promise<Uint8Array<ArrayBuffer> | "too large" | "aborted"> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let refused = false;
    const stop = () => {
      incoming.off("data", onData);
      incoming.off("end", onEnd);
      incoming.off("close", onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (!refused && size > limit) {
        refused = true;
        chunks.length = 0;
        resolve("too large");
      }
      if (refused && size - limit > DRAIN_LIMIT_BYTES) {
        stop();
        incoming.pause();
        const close = () => incoming.socket?.destroy();
        if (!outgoing || outgoing.writableFinished) close();
        else outgoing.once("finish", close);
        return;
      }
      if (!refused) chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      resolve(refused ? "too large" : new Uint8Array(Buffer.concat(chunks, size)));
    };
    const onClose = () => {
      stop();
      resolve(refused ? "too large" : "aborted");
    };
    incoming.on("data", onData);
    incoming.on("end", onEnd);
    incoming.on("close", onClose);
  });
}
