import type { AddressInfo } from "node:net";
import { networkInterfaces } from "node:os";
import { serve } from "@hono/node-server";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { noCaptchaVerifier } from "../../core/captcha/remote-captcha";
import type { DatabaseHandle } from "../../db/client";
import { users } from "../../db/schema";
import { apiClient } from "../helpers/api-client";
import { PRODUCTION_SETTINGS } from "../helpers/production-settings";
import { createTestApp } from "../helpers/test-app";
import { testDatabaseTargets } from "../helpers/test-databases";

let database: DatabaseHandle;

beforeAll(async () => {
  database = await testDatabaseTargets()[0]!.open();
});
afterAll(async () => {
  await database.close();
});

describe("a malformed Referer", () => {
  it.each([
    ["an unclosed IPv6 host", "http://[::1", "en"],
    ["percent signs only", "%%%", "en"],
    ["a bad host", "http://%%%/de/login", "en"],
    ["8000 characters", `https://vpn.example.com/de/${"%".repeat(8000)}`, "de"],
    ["a page in Japanese", "https://vpn.example.com/ja/pricing/checkout", "ja"],
  ])("never fails a call that reads it (%s)", async (_, referer, locale) => {
    const call = apiClient(createTestApp(database, { deps: { captcha: noCaptchaVerifier() } }));
    const email = `referer-${Math.random().toString(36).slice(2)}@example.com`;
    const signup = await call("POST", "/api/mms/account/v1/web/anonymous_signup", {
      body: { email, recasign: "t" },
      headers: { referer },
    });
    expect(signup.status).toBe(200);
    const [user] = await database.db.select().from(users).where(eq(users.email, email));
    expect(user?.locale).toBe(locale);
  });
});

describe("/dev/outbox", () => {
  // What @hono/node-server passes: the request's socket, with the peer's real address.
  const fromPeer = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } });
  // Even with the peers trusted as proxies, their X-Forwarded-For does not make them local.
  const trustingEveryProxy = { env: { TRUST_PROXY: "192.0.2.0/24,10.0.0.0/8,fd00::/8" } };

  it.each(["127.0.0.1", "::1", "::ffff:127.0.0.1"])("answers a client on this machine (%s)", async (peer) => {
    const app = createTestApp(database);
    const page = await app.request("/dev/outbox", {}, fromPeer(peer));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Outbox (development)");
    expect((await app.request("/dev/outbox.json", {}, fromPeer(peer))).status).toBe(200);
  });

  it.each(["192.0.2.2", "fd00::2", "::ffff:10.0.0.1"])(
    "is not there for another client (%s), whatever X-Forwarded-For says",
    async (peer) => {
      const app = createTestApp(database, trustingEveryProxy);
      for (const path of ["/dev/outbox", "/dev/outbox.json"]) {
        const answer = await app.request(path, { headers: { "x-forwarded-for": "127.0.0.1" } }, fromPeer(peer));
        expect(answer.status).toBe(404);
      }
    },
  );

  it("is not there without a socket to judge by, nor in production", async () => {
    expect((await createTestApp(database).request("/dev/outbox")).status).toBe(404);
    const production = createTestApp(database, {
      env: { NODE_ENV: "production", ...PRODUCTION_SETTINGS, PAYMENT_MODE: "off" },
    });
    expect((await production.request("/dev/outbox", {}, fromPeer("127.0.0.1"))).status).toBe(404);
    expect((await production.request("/dev/outbox.json", {}, fromPeer("127.0.0.1"))).status).toBe(404);
  });

  // Over real sockets: this machine's own non-loopback address plays a client on the network.
  const lanAddress = Object.values(networkInterfaces())
    .flat()
    .find((entry) => entry && entry.family === "IPv4" && !entry.internal)?.address;
  it.runIf(lanAddress)("over real sockets: loopback yes, the network no (even claiming 127.0.0.1)", async () => {
    const app = createTestApp(database, trustingEveryProxy);
    const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
      const instance = serve({ fetch: app.fetch, port: 0, hostname: "0.0.0.0" }, () => resolve(instance));
    });
    try {
      const { port } = server.address() as AddressInfo;
      expect((await fetch(`http://127.0.0.1:${port}/dev/outbox`)).status).toBe(200);
      const remote = await fetch(`http://${lanAddress}:${port}/dev/outbox`, {
        headers: { "x-forwarded-for": "127.0.0.1" },
      });
      expect(remote.status).toBe(404);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
