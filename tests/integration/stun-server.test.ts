import { randomBytes } from "node:crypto";
import { createSocket, type Socket } from "node:dgram";
import { once } from "node:events";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import {
  ATTRIBUTE,
  BINDING_METHOD,
  checkFingerprint,
  decodeStunMessage,
  decodeXorMappedAddress,
  encodeStunMessage,
} from "../../core/net/stun";
import { type StunServer, startStunServer } from "../../server/stun-server";

const logger = pino({ level: "silent" });

const cleanups: (() => Promise<void> | void)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function startServer(
  options: { host?: string; maxPacketsPerSecond?: number; maxTotalPacketsPerSecond?: number } = {},
): Promise<StunServer> {
  const server = await startStunServer({ port: 0, host: "127.0.0.1", logger, ...options });
  cleanups.push(() => server.close());
  return server;
}

/** A UDP client that records every datagram it receives. */
async function startClient(type: "udp4" | "udp6" = "udp4", host = "127.0.0.1") {
  const socket: Socket = createSocket(type);
  const received: Buffer[] = [];
  socket.on("message", (packet) => received.push(packet));
  socket.bind(0, host);
  await once(socket, "listening");
  cleanups.push(() => new Promise<void>((resolve) => socket.close(() => resolve())));
  return { socket, received, address: socket.address() };
}

function bindingRequest(transactionId: Uint8Array): Buffer {
  return encodeStunMessage({ method: BINDING_METHOD, class: "request", transactionId, attributes: [] });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The transaction ids of the answers a client received (hex), in order. */
function answeredIds(received: Buffer[]): string[] {
  return received.map((packet) => Buffer.from(decodeStunMessage(packet)!.transactionId).toString("hex"));
}

/**
 * Proves everything sent before has been handled: the server reads its socket in order, so once a
 * later request from the same client is answered, an answer to an earlier one would have arrived
 * first. A capped client is answered again in the next one-second window: ask until then.
 */
async function sentinel(client: Awaited<ReturnType<typeof startClient>>, port: number): Promise<string> {
  const deadline = Date.now() + 3000;
  while (Date.now() < deadline) {
    const id = randomBytes(12);
    client.socket.send(bindingRequest(id), port, "127.0.0.1");
    const hex = id.toString("hex");
    try {
      await waitFor(() => answeredIds(client.received).includes(hex), 100);
      return hex;
    } catch {
      // Not answered (still capped): ask again.
    }
  }
  throw new Error("the sentinel request was never answered");
}

async function waitFor(condition: () => boolean, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out waiting for a STUN answer");
    await sleep(5);
  }
}

describe("STUN server", () => {
  it("answers a Binding request with the client's own address and a valid FINGERPRINT", async () => {
    const server = await startServer();
    const client = await startClient();
    const transactionId = randomBytes(12);

    client.socket.send(bindingRequest(transactionId), server.port, "127.0.0.1");
    await waitFor(() => client.received.length === 1);

    const answer = client.received[0]!;
    expect(checkFingerprint(answer)).toBe(true);
    const message = decodeStunMessage(answer);
    expect(message).toMatchObject({ method: BINDING_METHOD, class: "success" });
    expect(Buffer.from(message!.transactionId)).toEqual(transactionId);
    const xorMapped = message!.attributes.find(({ type }) => type === ATTRIBUTE.XOR_MAPPED_ADDRESS)!;
    expect(decodeXorMappedAddress(xorMapped.value, transactionId)).toEqual({
      family: 4,
      address: client.address.address,
      port: client.address.port,
    });
  });

  it("drops garbage and keeps serving", async () => {
    const server = await startServer();
    const client = await startClient();
    const transactionId = randomBytes(12);

    client.socket.send(Buffer.from("definitely not STUN"), server.port, "127.0.0.1");
    client.socket.send(Buffer.alloc(20), server.port, "127.0.0.1");
    client.socket.send(bindingRequest(transactionId), server.port, "127.0.0.1");
    // The valid request went last: once it is answered, garbage answered before it would be here.
    await waitFor(() => answeredIds(client.received).includes(transactionId.toString("hex")));

    expect(client.received).toHaveLength(1);
    expect(Buffer.from(decodeStunMessage(client.received[0]!)!.transactionId)).toEqual(transactionId);
  });

  it("caps the packets it answers per source address", async () => {
    const server = await startServer({ maxPacketsPerSecond: 5 });
    const client = await startClient();

    const ids = Array.from({ length: 12 }, () => randomBytes(12));
    for (const id of ids) client.socket.send(bindingRequest(id), server.port, "127.0.0.1");
    await sentinel(client, server.port);

    const sent = new Set(ids.map((id) => id.toString("hex")));
    expect(answeredIds(client.received).filter((id) => sent.has(id))).toHaveLength(5);
  });

  it("caps the packets it answers in total, across source addresses", async () => {
    const server = await startServer({ maxPacketsPerSecond: 5, maxTotalPacketsPerSecond: 3 });
    const first = await startClient("udp4", "127.0.0.1");
    const second = await startClient("udp4", "127.0.0.2");

    for (let i = 0; i < 2; i++) first.socket.send(bindingRequest(randomBytes(12)), server.port, "127.0.0.1");
    await waitFor(() => first.received.length === 2);
    const ids = [randomBytes(12), randomBytes(12)];
    for (const id of ids) second.socket.send(bindingRequest(id), server.port, "127.0.0.1");
    await sentinel(second, server.port);

    const sent = new Set(ids.map((id) => id.toString("hex")));
    expect(answeredIds(second.received).filter((id) => sent.has(id))).toHaveLength(1);
  });

  it("answers an IPv4 client of a dual-stack socket with its IPv4 address", async () => {
    const server = await startServer({ host: "::" });
    const client = await startClient();
    const transactionId = randomBytes(12);

    client.socket.send(bindingRequest(transactionId), server.port, "127.0.0.1");
    await waitFor(() => client.received.length === 1);

    const message = decodeStunMessage(client.received[0]!)!;
    const xorMapped = message.attributes.find(({ type }) => type === ATTRIBUTE.XOR_MAPPED_ADDRESS)!;
    expect(decodeXorMappedAddress(xorMapped.value, transactionId)).toEqual({
      family: 4,
      address: "127.0.0.1",
      port: client.address.port,
    });
  });

  it("closes, stops answering, and can be closed twice", async () => {
    const server = await startStunServer({ port: 0, host: "127.0.0.1", logger });
    const client = await startClient();

    await server.close();
    await server.close();
    // Nothing listens on the port any more: another socket can take it.
    const successor = createSocket("udp4");
    cleanups.push(() => new Promise<void>((resolve) => successor.close(() => resolve())));
    successor.bind(server.port, "127.0.0.1");
    await once(successor, "listening");
    client.socket.send(bindingRequest(randomBytes(12)), server.port, "127.0.0.1");
    await once(successor, "message");

    expect(client.received).toHaveLength(0);
  });

  it("rejects when the port is taken", async () => {
    const server = await startServer();
    await expect(startStunServer({ port: server.port, host: "127.0.0.1", logger })).rejects.toThrow(/EADDRINUSE/);
  });
});
