import type { MiddlewareHandler } from "hono";
import type { Logger } from "pino";
import { resolveClientAddress, type TrustProxy } from "../../core/net/client-address";
import { type LogAddressMode, logAddress } from "../../core/net/log-address";
import type { AppEnv } from "../context";

interface NodeBindings {
  incoming?: { socket?: { remoteAddress?: string } };
}

/**
 * Per request: the client address (TRUST_PROXY rules), a child logger carrying the request id,
 * and one structured log line when the response is ready (with any field a handler bound to it; the
 * address truncated unless the operator keeps it whole: LOG_IP_ADDRESSES).
 */
export function requestContext(
  logger: Logger,
  trust: TrustProxy,
  addresses: LogAddressMode = "truncated",
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    const peer = (c.env as NodeBindings | undefined)?.incoming?.socket?.remoteAddress ?? "127.0.0.1";
    const clientAddress = resolveClientAddress(peer, c.req.header("x-forwarded-for"), trust);
    const log = logger.child({ reqId: c.get("requestId") });
    c.set("clientAddress", clientAddress);
    c.set("logger", log);
    await next();
    // The handler's logger: it may have added what the request said about itself (e.g. X-From).
    c.get("logger").info(
      {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
        ip: logAddress(clientAddress, addresses),
      },
      "request",
    );
  };
}
