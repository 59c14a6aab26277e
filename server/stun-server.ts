import { createSocket, type RemoteInfo, type Socket } from "node:dgram";
import { isIPv6 } from "node:net";
import type { Logger } from "pino";
import { bindingResponse } from "../core/net/stun";
import { createStunReplyLimiter } from "../core/net/stun-reply-limit";

export interface StunServerOptions {
  /** UDP port; 0 picks a free one (tests). */
  port: number;
  /** "0.0.0.0" by default; "::" or any IPv6 address binds one dual-stack socket. */
  host?: string;
  logger: Logger;
  /**
   * Answers per second per source (IPv4 address or IPv6 /64) and in all; the rest of a second's
   * packets are dropped so we cannot be used as a UDP reflector (core/net/stun-reply-limit.ts).
   */
  maxPacketsPerSecond?: number;
  maxTotalPacketsPerSecond?: number;
  /** SOFTWARE attribute of the answers; left out when empty. */
  software?: string;
}

export interface StunServer {
  /** The port actually bound. */
  port: number;
  close(): Promise<void>;
}

const DEFAULT_MAX_PACKETS_PER_SECOND = 50;
const DEFAULT_MAX_TOTAL_PACKETS_PER_SECOND = 1000;

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
  const allow = createStunReplyLimiter({
    perSourcePerSecond: options.maxPacketsPerSecond ?? DEFAULT_MAX_PACKETS_PER_SECOND,
    totalPerSecond: options.maxTotalPacketsPerSecond ?? DEFAULT_MAX_TOTAL_PACKETS_PER_SECOND,
  });
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
