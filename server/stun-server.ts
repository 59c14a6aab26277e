import { createSocket, type RemoteInfo, type Socket } from "node:dgram";
import { isIPv6 } from "node:net";
import type { Logger } from "pino";
import { bindingResponse } from "../core/net/stun";

export interface StunServerOptions {
  /** UDP port; 0 picks a free one (tests). */
  port: number;
  /** "0.0.0.0" by default; "::" or any IPv6 address binds one dual-stack socket. */
  host?: string;
  logger: Logger;
  /** Per source address; the rest of a second's packets are dropped so we cannot be used as a UDP reflector. */
  maxPacketsPerSecond?: number;
  /** SOFTWARE attribute of the answers; left out when empty. */
  software?: string;
}

export interface StunServer {
  /** The port actually bound. */
  port: number;
  close(): Promise<void>;
}

const DEFAULT_MAX_PACKETS_PER_SECOND = 50;
const RATE_WINDOW_MS = 1000;
// Bounds the counter map when spoofed sources flood us; past it, unseen sources wait for the next window.
const MAX_TRACKED_SOURCES = 100_000;

/**
 * Fixed one-second windows of packet counts per source address (not per port, so one host cannot dodge the cap by
 * rotating ports). The whole map is dropped at each new window, which keeps memory bounded without timers.
 */
function createRateCap(maxPacketsPerSecond: number, now: () => number = Date.now) {
  let windowStart = now();
  let counts = new Map<string, number>();
  return function allow(address: string): boolean {
    const time = now();
    if (time - windowStart >= RATE_WINDOW_MS) {
      windowStart = time;
      counts = new Map();
    }
    const count = counts.get(address) ?? 0;
    if (count >= maxPacketsPerSecond) return false;
    if (count === 0 && counts.size >= MAX_TRACKED_SOURCES) return false;
    counts.set(address, count + 1);
    return true;
  };
}

function bindSocket(socket: Socket, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once("error", reject);
    socket.bind(port, host, () => {
      socket.off("error", reject);
      resolve();
    });
  });
}

/** A public STUN server answering Binding requests over UDP, so a page can see which addresses WebRTC leaks. */
export async function startStunServer(options: StunServerOptions): Promise<StunServer> {
  const { port, host = "0.0.0.0", logger, software } = options;
  const allow = createRateCap(options.maxPacketsPerSecond ?? DEFAULT_MAX_PACKETS_PER_SECOND);
  // One dual-stack socket on "::" also receives IPv4 clients, reported as ::ffff:a.b.c.d.
  const socket = isIPv6(host) ? createSocket({ type: "udp6", ipv6Only: false }) : createSocket({ type: "udp4" });

  function answer(packet: Buffer, remote: RemoteInfo): void {
    if (!allow(remote.address)) return;
    let response: Buffer | null;
    try {
      response = bindingResponse(packet, remote, software);
    } catch (error) {
      // bindingResponse is written not to throw; a bug there must not take the server down.
      logger.warn({ err: error }, "stun packet handling failed");
      return;
    }
    if (!response) return;
    socket.send(response, remote.port, remote.address, (error) => {
      if (error) logger.debug({ err: error, remote: remote.address }, "stun answer not sent");
    });
  }

  try {
    await bindSocket(socket, port, host);
  } catch (error) {
    socket.close();
    throw error;
  }
  socket.on("message", answer);
  // Errors on a bound UDP socket (e.g. ICMP unreachable surfacing) concern one peer, never the server.
  socket.on("error", (error) => logger.warn({ err: error }, "stun socket error"));

  const boundPort = socket.address().port;
  logger.info({ port: boundPort }, "stun server listening");

  let closed: Promise<void> | undefined;
  return {
    port: boundPort,
    close() {
      closed ??= new Promise((resolve) => socket.close(() => resolve()));
      return closed;
    },
  };
}
