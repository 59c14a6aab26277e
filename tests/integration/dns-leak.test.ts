import { type ChildProcess, execFile, execFileSync, spawn } from "node:child_process";
import { createSocket } from "node:dgram";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import dnsPacket from "dns-packet";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordObservation } from "../../core/dns-leak/observations";
import { dnsLeakSecret } from "../../core/dns-leak/secret";
import type { DatabaseHandle } from "../../db/client";
import { type DnsLeakServer, startDnsLeakServer } from "../../server/dns-leak-server";
import { apiClient } from "../helpers/api-client";
import { freePort } from "../helpers/free-port";
import { createTestApp } from "../helpers/test-app";
import { testDatabaseTargets } from "../helpers/test-databases";
import { unboundConfig } from "../helpers/unbound-config";

// The DNS leak test end to end (decision 043): the app's authoritative DNS server answers real
// queries over UDP and TCP (dns-packet as the client, and Debian's kdig), and a real recursive
// resolver (Debian's unbound, with a stub zone pointing at the app) is what the test records.

const ZONE = "leak.test";
const START = "/api/mms/tools/v1/dns_leak/tests";

function installed(command: string): boolean {
  try {
    execFileSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** One query over UDP to host:port; rejects after the timeout. */
function queryUdp(port: number, name: string, type: "A" | "AAAA" | "SOA", host = "127.0.0.1", timeoutMs = 2000) {
  return new Promise<dnsPacket.DecodedPacket>((resolve, reject) => {
    const socket = createSocket("udp4");
    const id = Math.floor(Math.random() * 65535);
    const timer = setTimeout(() => {
      socket.close();
      reject(new Error(`no answer for ${name}`));
    }, timeoutMs);
    socket.on("message", (message) => {
      const answer = dnsPacket.decode(message);
      if (answer.id !== id) return;
      clearTimeout(timer);
      socket.close();
      resolve(answer);
    });
    socket.send(
      dnsPacket.encode({ type: "query", id, flags: dnsPacket.RECURSION_DESIRED, questions: [{ type, name }] }),
      port,
      host,
    );
  });
}

/** One query over TCP (two-byte length prefix). */
function queryTcp(port: number, name: string, type: "A" | "AAAA") {
  return new Promise<dnsPacket.DecodedPacket>((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let received = Buffer.alloc(0);
    socket.on("connect", () =>
      socket.write(dnsPacket.streamEncode({ type: "query", id: 1, questions: [{ type, name }] })),
    );
    socket.on("data", (chunk) => {
      received = Buffer.concat([received, chunk]);
      if (received.length >= 2 && received.length >= 2 + received.readUInt16BE(0)) {
        socket.end();
        resolve(dnsPacket.streamDecode(received) as dnsPacket.DecodedPacket);
      }
    });
    socket.on("error", reject);
  });
}

describe("the DNS leak test", () => {
  let database: DatabaseHandle;
  let dns: DnsLeakServer;
  let call: ReturnType<typeof apiClient>;

  beforeAll(async () => {
    database = await testDatabaseTargets()[0]!.open();
    const app = createTestApp(database, { env: { DNS_LEAK_ZONE: ZONE, DNS_LEAK_ADDRESS: "127.0.0.1,::1" } });
    call = apiClient(app);
    dns = await startDnsLeakServer({
      port: 0,
      host: "127.0.0.1",
      zone: ZONE,
      addresses: ["127.0.0.1", "::1"],
      secret: await dnsLeakSecret(database.db)(),
      record: (observation) => recordObservation(database.db, observation),
      logger: pino({ level: "silent" }),
    });
  });
  afterAll(async () => {
    await dns?.close();
    await database?.close();
  });

  const startTest = async (mode: "standard" | "extended" = "standard") => {
    const answer = await call("POST", START, { body: { mode } });
    expect(answer.status).toBe(200);
    return answer.body.data as { test_id: string; probes: string[]; probe_path: string };
  };
  const result = async (id: string) => call("GET", `${START}/${id}`);

  it("issues one-time names, answers them over UDP and TCP, and lists the resolver that asked", async () => {
    const test = await startTest();
    expect(test.probes).toHaveLength(6);
    expect(test.probes[0]).toBe(`${test.test_id}-0.${ZONE}`);
    expect((await startTest("extended")).probes).toHaveLength(24);

    const udp = await queryUdp(dns.port, test.probes[0]!, "A");
    expect(udp.flag_aa).toBe(true);
    expect((udp.flags ?? 0) & 0xf).toBe(0); // NOERROR
    expect(udp.answers).toMatchObject([{ type: "A", name: test.probes[0], data: "127.0.0.1" }]);
    const tcp = await queryTcp(dns.port, test.probes[1]!.toUpperCase(), "AAAA");
    expect(tcp.answers).toMatchObject([{ type: "AAAA", data: "::1" }]);
    // Outside the zone: refused, and nothing recorded.
    expect(((await queryUdp(dns.port, "example.com", "A")).flags ?? 0) & 0xf).toBe(5); // REFUSED

    const answer = await result(test.test_id);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(answer.body.data).toEqual({
      test_id: test.test_id,
      probes_answered: 2,
      resolvers: [
        { ip: "127.0.0.1", country_code: "", country: "", asn: null, organisation: "", vpn: false, probes: 2 },
      ],
    });
  }, 60_000);

  it("answers several queries sent in one TCP segment, in order", async () => {
    const test = await startTest();
    const answers = await new Promise<dnsPacket.DecodedPacket[]>((resolve, reject) => {
      const socket = connect(dns.port, "127.0.0.1");
      let received = Buffer.alloc(0);
      const decoded: dnsPacket.DecodedPacket[] = [];
      socket.on("connect", () =>
        socket.write(
          Buffer.concat(
            test.probes
              .slice(0, 3)
              .map((name, id) => dnsPacket.streamEncode({ type: "query", id, questions: [{ type: "A", name }] })),
          ),
        ),
      );
      socket.on("data", (chunk) => {
        received = Buffer.concat([received, chunk]);
        while (received.length >= 2 && received.length >= 2 + received.readUInt16BE(0)) {
          const length = received.readUInt16BE(0);
          decoded.push(dnsPacket.decode(received.subarray(2, 2 + length)));
          received = received.subarray(2 + length);
        }
        if (decoded.length === 3) {
          socket.end();
          resolve(decoded);
        }
      });
      socket.on("error", reject);
    });
    expect(answers.map((answer) => answer.id)).toEqual([0, 1, 2]);
    expect((await result(test.test_id)).body.data).toMatchObject({ probes_answered: 3 });
  });

  it("records no forged name, and refuses ids it never issued", async () => {
    const forged = "0".repeat(28);
    expect((await queryUdp(dns.port, `${forged}-0.${ZONE}`, "A")).answers).toHaveLength(1);
    expect((await result(forged)).body.code).toBe(40181);
    expect((await result("not-an-id")).body.code).toBe(40181);
  }, 30_000);

  it("serves the probe image on any host name, for any page", async () => {
    const app = createTestApp(database, { env: { DNS_LEAK_ZONE: ZONE, DNS_LEAK_ADDRESS: "127.0.0.1" } });
    const response = await app.request(`http://x-0.${ZONE}/api/tools/dns-leak/probe.gif`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/gif");
    expect(response.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
  });

  it("lets exactly the probing pages load from the zone's names (CSP)", async () => {
    const app = createTestApp(database, { env: { DNS_LEAK_ZONE: ZONE, DNS_LEAK_ADDRESS: "127.0.0.1" } });
    const csp = async (url: string, on = app) => (await on.request(url)).headers.get("content-security-policy") ?? "";
    const probeHosts = `http://*.${ZONE}:8080`;
    for (const page of ["/dns-leak-test", "/de/dns-leak-test", "/connection-check", "/ar/connection-check/"]) {
      expect(await csp(`http://localhost:8080${page}`), page).toMatch(
        new RegExp(
          `img-src 'self' data: ${probeHosts.replace(/[.*]/g, "\\$&")};.*connect-src 'self' .*${probeHosts.replace(/[.*]/g, "\\$&")}`,
        ),
      );
    }
    for (const page of ["/pricing", "/webrtc-leak-test", "/dns-leak-test/x"]) {
      expect(await csp(`http://localhost:8080${page}`), page).not.toContain(ZONE);
    }
    expect(await csp("http://localhost:8080/dns-leak-test", createTestApp(database))).toContain(
      "img-src 'self' data:;",
    );
  });

  it("says the test is not set up when no zone is configured", async () => {
    const off = apiClient(createTestApp(database));
    expect((await off("POST", START, { body: {} })).body.code).toBe(40180);
    expect((await off("GET", `${START}/${"0".repeat(28)}`)).body.code).toBe(40180);
  });

  it.runIf(installed("kdig"))(
    "answers Debian's kdig over UDP and TCP",
    async () => {
      const test = await startTest();
      // Asynchronously: the DNS server answers from this very process.
      const dig = async (...args: string[]) =>
        (await promisify(execFile)("kdig", ["@127.0.0.1", "-p", String(dns.port), "+short", ...args])).stdout.trim();
      expect(await dig(test.probes[0]!, "A")).toBe("127.0.0.1");
      expect(await dig("+tcp", test.probes[1]!, "AAAA")).toBe("::1");
      expect(await dig(ZONE, "SOA")).toMatch(new RegExp(`^ns\\.${ZONE}\\. hostmaster\\.${ZONE}\\. 1 `));
      expect((await result(test.test_id)).body.data).toMatchObject({ probes_answered: 2 });
    },
    30_000,
  );

  describe("through Debian's unbound", () => {
    let unbound: ChildProcess | undefined;
    let unboundPort = 0;
    let dir = "";
    beforeAll(async () => {
      if (!installed("unbound")) return;
      unboundPort = await freePort();
      dir = mkdtempSync(path.join(tmpdir(), "veilport-unbound-"));
      // A recursive resolver for the test alone: the test zone is a stub pointing at the app's DNS
      // server, and it asks from 127.0.0.2, so its queries are told apart from this test's own.
      writeFileSync(
        path.join(dir, "unbound.conf"),
        unboundConfig({
          listen: "127.0.0.1",
          port: unboundPort,
          outgoing: "127.0.0.2",
          directory: dir,
          zone: ZONE,
          appDnsPort: dns.port,
        }),
      );
      unbound = spawn("unbound", ["-d", "-c", path.join(dir, "unbound.conf")], { stdio: "ignore" });
      // Ready once it answers (a name of the zone that is no probe: nothing is recorded).
      for (let attempt = 0; attempt < 50; attempt++) {
        try {
          await queryUdp(unboundPort, ZONE, "SOA", "127.0.0.1", 200);
          return;
        } catch {
          if (unbound.exitCode !== null) throw new Error(`unbound exited with ${unbound.exitCode}`);
        }
      }
      throw new Error("unbound did not answer");
    }, 30_000);
    afterAll(() => {
      unbound?.kill();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it("records the recursive resolver as the one that asked", async (context) => {
      if (!unbound) {
        context.skip(
          "unbound is not installed: apt-get install -y unbound knot-dnsutils (.ci/run installs them in CI)",
        );
        return;
      }
      const test = await startTest();
      for (const name of test.probes.slice(0, 3)) {
        const answer = await queryUdp(unboundPort, name, "A");
        expect(answer.flag_ra).toBe(true);
        expect(answer.answers).toMatchObject([{ type: "A", data: "127.0.0.1" }]);
      }
      expect((await result(test.test_id)).body.data).toMatchObject({
        probes_answered: 3,
        resolvers: [{ ip: "127.0.0.2", vpn: false, probes: 3 }],
      });
    }, 30_000);
  });
});
