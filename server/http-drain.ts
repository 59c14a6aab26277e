import type { Server, ServerResponse } from "node:http";

export interface HttpDrain {
  /** From now on every response not yet begun says `Connection: close`, and its socket closes after it. */
  start(): void;
}

/**
 * Lets shutdown hand keep-alive connections back to their clients one response at a time: a client
 * (a load balancer) drops a socket whose response said `Connection: close`, so the server never
 * closes a socket under a request the client is already sending on it.
 */
export function httpDrain(server: Server): HttpDrain {
  let draining = false;
  // Responses whose headers may still be unwritten when the drain starts (requests in flight).
  const open = new Set<ServerResponse>();
  server.prependListener("request", (_request, response: ServerResponse) => {
    if (draining) {
      response.shouldKeepAlive = false;
      return;
    }
    open.add(response);
    response.once("close", () => open.delete(response));
  });
  return {
    start() {
      draining = true;
      for (const response of open) {
        // Node writes `Connection: close` with the headers and ends the socket after the body.
        if (!response.headersSent) response.shouldKeepAlive = false;
      }
      open.clear();
    },
  };
}
