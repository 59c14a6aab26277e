import { createSocket, type RemoteInfo, type Socket } from "node:dgram";
import { createServer, isIPv6, type Server, type Socket as TcpSocket } from "node:net";
import dnsPacket from "dns-packet";
import type { Logger } from "pino";
import { answerQuery } from "../core/dns-leak/dns-answer";
import type { Observation } from "../core/dns-leak/observations";
import { probeOfName } from "../core/dns-leak/probe-names";
import { createStunReplyLimiter } from "../core/net/stun-reply-limit";

export interface DnsLeakServerOptions {
  /** UDP and TCP port; 0 picks a free one (tests: then TCP takes the port UDP got). */
  port: number;
  host: string;
  zone: string;
  /** What every name of the zone resolves to. */
  addresses: readonly string[];
  /** The MAC secret of the test ids (core/dns-leak/probe-names.ts). */
  secret: string;
  /** Stores an observation; answered after it is stored, so the page's next read sees it. */
  record(observation: Observation): Promise<void>;
  logger: Logger;
  /** Answers per second per source address (or IPv6 /64) and in all: the rest are dropped. */
  maxPerSourcePerSecond?: number;
  maxTotalPerSecond?: number;
}

export interface DnsLeakServer {
  port: number;
  close(): Promise<void>;
}

const MAX_TCP_MESSAGE = 4096;
/** Queries that make a browser's lookup (ANY: type 255, which dns-packet's types leave out). */
const ADDRESS_TYPES = new Set<string>(["A", "AAAA", "ANY"]);
const TCP_IDLE_MS = 10_000;

function bindUdp(socket: Socket, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once("error", reject);
    socket.bind(port, host, () => {
      socket.off("error", reject);
      resolve();
    });
  });
}

function listenTcp(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
}

/**
 * The DNS leak test's authoritative DNS server (decision 043), over UDP and TCP on one port: it
 * answers for the zone (core/dns-leak/dns-answer.ts) and records which resolver asked for which
 * probe name. Nothing about the resolver's client reaches it: that is the point of the test.
 */
export async function startDnsLeakServer(options: DnsLeakServerOptions): Promise<DnsLeakServer> {
  const { logger, zone, secret } = options;
  const allow = createStunReplyLimiter({
    perSourcePerSecond: options.maxPerSourcePerSecond ?? 200,
    totalPerSecond: options.maxTotalPerSecond ?? 5000,
  });

  /** The answer's bytes for a query's bytes, or null to stay silent. */
  async function handle(bytes: Buffer, source: string, transport: "udp" | "tcp"): Promise<Buffer | null> {
    let query: dnsPacket.DecodedPacket;
    try {
      query = dnsPacket.decode(bytes);
    } catch {
      return null;
    }
    const reply = answerQuery(query, { zone, addresses: options.addresses });
    if (!reply) return null;
    const question = query.questions?.[0];
    const probe = question && ADDRESS_TYPES.has(question.type) ? probeOfName(secret, question.name, zone) : null;
    if (probe) {
      try {
        await options.record({ ...probe, resolver: source, transport });
      } catch (error) {
        logger.warn({ err: error }, "dns leak observation not stored");
      }
    }
    return dnsPacket.encode(reply);
  }

  const family = isIPv6(options.host) ? "udp6" : "udp4";
  const udp = createSocket(family === "udp6" ? { type: "udp6", ipv6Only: false } : { type: "udp4" });
  const onMessage = (message: Buffer, remote: RemoteInfo) => {
    if (!allow(remote.address)) return;
    void handle(message, remote.address, "udp").then(
      (answer) => {
        if (!answer) return;
        udp.send(answer, remote.port, remote.address, (error) => {
          if (error) logger.debug({ err: error }, "dns answer not sent");
        });
      },
      (error: unknown) => logger.warn({ err: error }, "dns query handling failed"),
    );
  };

  const sockets = new Set<TcpSocket>();
  const tcp = createServer((socket) => {
    sockets.add(socket);
    socket.setTimeout(TCP_IDLE_MS, () => socket.destroy());
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
    let buffered = Buffer.alloc(0);
    let busy = Promise.resolve();
    socket.on("data", (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      while (buffered.length >= 2) {
        const length = buffered.readUInt16BE(0);
        if (length > MAX_TCP_MESSAGE) {
          socket.destroy();
          return;
        }
        if (buffered.length < 2 + length) break;
        const message = buffered.subarray(2, 2 + length);
        buffered = buffered.subarray(2 + length);
        const source = socket.remoteAddress ?? "";
        if (!allow(source)) continue;
        // Answers go out in the order the queries came.
        busy = busy.then(async () => {
          const answer = await handle(message, source, "tcp").catch(() => null);
          if (!answer || socket.destroyed) return;
          const framed = Buffer.alloc(2 + answer.length);
          framed.writeUInt16BE(answer.length, 0);
          answer.copy(framed, 2);
          socket.write(framed);
        });
      }
    });
  });

  try {
    await bindUdp(udp, options.port, options.host);
  } catch (error) {
    udp.close();
    throw error;
  }
  const port = udp.address().port;
  try {
    await listenTcp(tcp, port, options.host);
  } catch (error) {
    udp.close();
    throw error;
  }
  udp.on("message", onMessage);
  udp.on("error", (error) => logger.warn({ err: error }, "dns socket error"));
  logger.info({ port, zone }, "dns leak server listening");

  let closed: Promise<void> | undefined;
  return {
    port,
    close() {
      closed ??= Promise.all([
        new Promise<void>((resolve) => udp.close(() => resolve())),
        new Promise<void>((resolve) => {
          for (const socket of sockets) socket.destroy();
          tcp.close(() => resolve());
        }),
      ]).then(() => undefined);
      return closed;
    },
  };
}
