import type { AddressInfo } from "node:net";
import net from "node:net";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { createTestApp } from "../helpers/test-app";
import { testDatabaseTargets } from "../helpers/test-databases";

// A real node:http listener (as `npm start` serves), spoken to over one raw keep-alive socket, so
// the test sees exactly what a client sees on the wire, connection reuse included.

let database: DatabaseHandle;
let server: ReturnType<typeof serve>;
let port: number;

beforeAll(async () => {
  database = await testDatabaseTargets()[0]!.open();
  const app = createTestApp(database, {
    deps: {
      pageHandler: async () => new Response("<!DOCTYPE html><p>page</p>", { headers: { "content-type": "text/html" } }),
    },
  });
  server = await new Promise((resolve) => {
    const instance = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(instance));
  });
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await database.close();
});

interface WireResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** One TCP connection; `exchange` writes a request and resolves with the next response read from it. */
async function connection() {
  const socket = net.connect(port, "127.0.0.1");
  await new Promise((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  let buffered = Buffer.alloc(0);
  let closed = false;
  let waiter: (() => void) | null = null;
  socket.on("data", (data) => {
    buffered = Buffer.concat([buffered, data]);
    waiter?.();
  });
  const onEnd = () => {
    closed = true;
    waiter?.();
  };
  socket.on("close", onEnd);
  socket.on("error", onEnd);

  function parseResponse(): WireResponse | null {
    const headEnd = buffered.indexOf("\r\n\r\n");
    if (headEnd < 0) return null;
    const [statusLine = "", ...lines] = buffered.subarray(0, headEnd).toString("latin1").split("\r\n");
    const headers = Object.fromEntries(
      lines.map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]),
    );
    const length = Number(headers["content-length"] ?? 0);
    if (buffered.length < headEnd + 4 + length) return null;
    const body = buffered.subarray(headEnd + 4, headEnd + 4 + length).toString("utf8");
    buffered = buffered.subarray(headEnd + 4 + length);
    return { status: Number(statusLine.split(" ")[1]), headers, body };
  }

  return {
    socket,
    /**
     * Writes the request's parts one by one, as a client streaming an upload does (each flushed,
     * then the server's turn), and waits for a whole response (or the socket's end).
     */
    async exchange(parts: Array<string | Buffer>): Promise<WireResponse | "connection closed"> {
      for (const part of parts) {
        if (closed) break;
        await new Promise<void>((resolve) => socket.write(part, () => resolve()));
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
      for (;;) {
        const response = parseResponse();
        if (response) return response;
        if (closed) return "connection closed";
        await new Promise<void>((resolve) => {
          waiter = resolve;
        });
        waiter = null;
      }
    },
    close: () => socket.destroy(),
  };
}

const head = (method: string, path: string, headers: Record<string, string | number>) =>
  `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("")}\r\n`;
const healthz = () => head("GET", "/healthz", {});
const EVENTS = "/api/mms/analytics/v1/events";
const overLimit = Buffer.alloc(200 * 1024, "x");

/** The body in pieces of 16 KiB, the size a client's socket writes typically carry. */
function pieces(body: Buffer, size = 16 * 1024): Buffer[] {
  const parts: Buffer[] = [];
  for (let offset = 0; offset < body.length; offset += size) parts.push(body.subarray(offset, offset + size));
  return parts;
}

/** The body in chunked transfer encoding, in chunks of 16 KiB. */
function chunked(body: Buffer, size = 16 * 1024): string[] {
  const parts: string[] = [];
  for (let offset = 0; offset < body.length; offset += size) {
    const piece = body.subarray(offset, offset + size);
    parts.push(`${piece.length.toString(16)}\r\n${piece.toString("latin1")}\r\n`);
  }
  return [...parts, "0\r\n\r\n"];
}

describe("the global request body limit on a keep-alive connection", () => {
  // The server answers as soon as it knows (from the header, or once the count passes the
  // limit); the client is still sending. The rest of its body must not break the connection.
  it("answers an over-limit body with Content-Length 413 in the envelope, then answers the next request", async () => {
    const client = await connection();
    const refused = await client.exchange([
      head("POST", EVENTS, { "content-type": "application/json", "content-length": overLimit.length }),
    ]);
    expect(refused).toMatchObject({ status: 413 });
    expect(JSON.parse((refused as WireResponse).body)).toEqual({
      code: 41300,
      message: expect.any(String),
      data: null,
    });
    const next = await client.exchange([...pieces(overLimit), healthz()]);
    expect(next).toMatchObject({ status: 200 });
    client.close();
  });

  it("counts a chunked body without Content-Length, answers 413, then answers the next request", async () => {
    const client = await connection();
    const parts = chunked(overLimit);
    const refused = await client.exchange([
      head("POST", EVENTS, { "content-type": "application/json", "transfer-encoding": "chunked" }),
      ...parts.slice(0, 5),
    ]);
    expect(refused).toMatchObject({ status: 413 });
    expect(JSON.parse((refused as WireResponse).body)).toMatchObject({ code: 41300 });
    expect(await client.exchange([...parts.slice(5), healthz()])).toMatchObject({ status: 200 });
    client.close();
  });

  it("limits pages too (plain 413), and keeps a chunked body that fits for the handler", async () => {
    const client = await connection();
    const page = await client.exchange([
      head("POST", "/login", {
        "content-type": "application/x-www-form-urlencoded",
        "content-length": overLimit.length,
      }),
      overLimit,
    ]);
    expect(page).toMatchObject({ status: 413, body: "Payload Too Large" });
    // A small chunked batch reaches the handler whole: it is validated (400 names the field), not refused.
    const small = Buffer.from(JSON.stringify({ events: [] }));
    const accepted = await client.exchange([
      head("POST", EVENTS, { "content-type": "application/json", "transfer-encoding": "chunked" }),
      ...chunked(small, 4),
    ]);
    expect(accepted).toMatchObject({ status: 400 });
    expect(JSON.parse((accepted as WireResponse).body)).toMatchObject({
      code: 40000,
      data: { fields: { events: expect.any(String) } },
    });
    expect(await client.exchange([healthz()])).toMatchObject({ status: 200 });
    client.close();
  });

  it("lets webhooks carry up to 1 MiB, and refuses more", async () => {
    const client = await connection();
    const event = Buffer.alloc(512 * 1024, " ");
    const webhook = await client.exchange([
      head("POST", "/api/webhooks/sandbox", { "content-type": "application/json", "content-length": event.length }),
      event,
    ]);
    // Read and judged by the webhook route (no valid signature), not refused for its size.
    expect(webhook).not.toBe("connection closed");
    expect((webhook as WireResponse).status).not.toBe(413);
    const tooBig = Buffer.alloc(1024 * 1024 + 1, " ");
    const refused = await client.exchange([
      head("POST", "/api/webhooks/sandbox", { "content-type": "application/json", "content-length": tooBig.length }),
      tooBig,
    ]);
    expect(refused).toMatchObject({ status: 413 });
    expect(await client.exchange([healthz()])).toMatchObject({ status: 200 });
    client.close();
  });

  it("closes the connection cleanly after answering a declared body far past what it would drain", async () => {
    const client = await connection();
    const refused = await client.exchange([
      head("POST", EVENTS, { "content-type": "application/json", "content-length": 50 * 1024 * 1024 }),
    ]);
    expect(refused).toMatchObject({ status: 413, headers: { connection: "close" } });
    expect(await client.exchange([])).toBe("connection closed");
  });
});
