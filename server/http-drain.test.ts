import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { httpDrain } from "./http-drain";

const servers: http.Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A server whose /held answers only when release() is called; every other path answers at once. */
async function heldServer() {
  let release = () => {};
  let arrived = () => {};
  const held = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  const server = http.createServer((request, response) => {
    const answer = () => response.end("ok");
    if (request.url !== "/held") return answer();
    release = answer;
    arrived();
  });
  servers.push(server);
  const drain = httpDrain(server);
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const port = (server.address() as AddressInfo).port;
  return { drain, port, held, release: () => release() };
}

function get(port: number, path: string, agent: http.Agent) {
  return new Promise<{ connection: string | undefined; reusedSocket: boolean }>((resolve, reject) => {
    const request = http.get({ host: "127.0.0.1", port, path, agent }, (response) => {
      response.resume();
      response.on("end", () =>
        resolve({ connection: response.headers.connection, reusedSocket: request.reusedSocket }),
      );
    });
    request.on("error", reject);
  });
}

describe("httpDrain", () => {
  it("keeps connections alive until the drain starts", async () => {
    const { port } = await heldServer();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    expect(await get(port, "/", agent)).toEqual({ connection: "keep-alive", reusedSocket: false });
    expect(await get(port, "/", agent)).toEqual({ connection: "keep-alive", reusedSocket: true });
    agent.destroy();
  });

  it("closes a request in flight's connection after its answer, and every later one's", async () => {
    const { drain, port, held, release } = await heldServer();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const inFlight = get(port, "/held", agent);
    await held;
    drain.start();
    release();
    expect(await inFlight).toEqual({ connection: "close", reusedSocket: false });
    // The client let go of that socket: the next request opens a new one, and is answered.
    expect(await get(port, "/", agent)).toEqual({ connection: "close", reusedSocket: false });
    agent.destroy();
  });
});
