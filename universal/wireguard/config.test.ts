import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { x25519 } from "@noble/curves/ed25519.js";
import { afterAll, describe, expect, it } from "vitest";
import { SERVER_LOCATIONS, WIREGUARD } from "../../content/servers";
import { renderWireGuardConfig, type WireGuardConfigInput, wireGuardFileName, wireGuardLocations } from "./config";
import { isWireGuardKey, toBase64 } from "./keys";

const server = { host: "de-fra.wg.example.net", publicKey: "KqR4k+DZlkybAJqWJGFEP05gjOwSkXDywDhjCRfkLQk=" };
const base: WireGuardConfigInput = {
  privateKey: "2ARlEoeRSJDI2ARcpGXFX4tbqQEdA0rGXFeXETFGO04=",
  ipv4: "10.64.0.16",
  ipv6: "fd64:7670::10",
  server,
  port: 51820,
  ipv6Enabled: true,
  dns: { ipv4: "10.64.0.1", ipv6: "fd64:7670::1" },
  persistentKeepalive: 25,
};

describe("renderWireGuardConfig", () => {
  it.each([
    [
      "IPv4 and IPv6",
      {},
      [
        "[Interface]",
        "PrivateKey = 2ARlEoeRSJDI2ARcpGXFX4tbqQEdA0rGXFeXETFGO04=",
        "Address = 10.64.0.16/32, fd64:7670::10/128",
        "DNS = 10.64.0.1, fd64:7670::1",
        "",
        "[Peer]",
        "PublicKey = KqR4k+DZlkybAJqWJGFEP05gjOwSkXDywDhjCRfkLQk=",
        "AllowedIPs = 0.0.0.0/0, ::/0",
        "Endpoint = de-fra.wg.example.net:51820",
        "PersistentKeepalive = 25",
      ],
    ],
    [
      "IPv4 only, another port and resolver, no keepalive",
      { ipv6Enabled: false, port: 443, dns: { ipv4: "10.64.0.2", ipv6: "fd64:7670::2" }, persistentKeepalive: 0 },
      [
        "[Interface]",
        "PrivateKey = 2ARlEoeRSJDI2ARcpGXFX4tbqQEdA0rGXFeXETFGO04=",
        "Address = 10.64.0.16/32",
        "DNS = 10.64.0.2",
        "",
        "[Peer]",
        "PublicKey = KqR4k+DZlkybAJqWJGFEP05gjOwSkXDywDhjCRfkLQk=",
        "AllowedIPs = 0.0.0.0/0",
        "Endpoint = de-fra.wg.example.net:443",
      ],
    ],
    [
      "a server given by its IPv6 address",
      { server: { ...server, host: "2001:db8::5" }, port: 53 },
      ["Endpoint = [2001:db8::5]:53"],
    ],
  ] as const)("%s", (_name, change, expected) => {
    const text = renderWireGuardConfig({ ...base, ...change });
    const lines = text.split("\n");
    if (expected[0] === "[Interface]") expect(lines).toEqual([...expected, ""]);
    else for (const line of expected) expect(lines).toContain(line);
  });

  it.each([
    [{ countryCode: "DE", city: "Frankfurt" }, "wg-de-frankf.conf"],
    [{ countryCode: "BR", city: "São Paulo" }, "wg-br-saopau.conf"],
    [{ countryCode: "US", city: "New York" }, "wg-us-newyor.conf"],
  ])("names the file of %j %s (an interface name wg-quick takes)", (location, name) => {
    expect(wireGuardFileName(location)).toBe(name);
    expect(name.replace(/\.conf$/, "")).toMatch(/^[a-zA-Z0-9_=+.-]{1,15}$/);
  });
});

describe("the operator's WireGuard network (content/servers.ts)", () => {
  it("has a server with a valid public key in every city, and valid ports and resolvers", () => {
    const cities = Object.values(SERVER_LOCATIONS).flatMap((place) => place.cities);
    expect(wireGuardLocations().map((location) => location.city)).toEqual(cities);
    for (const location of wireGuardLocations()) expect(isWireGuardKey(location.server.publicKey)).toBe(true);
    expect(WIREGUARD.ports.length).toBeGreaterThan(0);
    for (const port of WIREGUARD.ports) expect(port).toBeGreaterThanOrEqual(1);
    expect(WIREGUARD.dns.length).toBeGreaterThan(0);
  });
});

// Debian's wireguard-tools (`apt-get install wireguard-tools`; .ci/run installs it).
const wg = spawnSync("wg", ["--version"]).status === 0;

describe.skipIf(!wg && !process.env.CI)("a rendered configuration read by wireguard-tools", () => {
  const dir = mkdtempSync(join(tmpdir(), "wg-conf-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const secretKey = x25519.utils.randomSecretKey();
  const privateKey = toBase64(secretKey);
  const publicKey = toBase64(x25519.getPublicKey(secretKey));

  it.each([true, false])(
    "with IPv6 %s: `wg pubkey` of its private key is its public key, `wg-quick strip` and `wg setconf` parse it",
    (ipv6Enabled) => {
      const location = wireGuardLocations()[0]!;
      // `wg` resolves Endpoint host names while parsing: an address keeps the check off the network.
      const server = { ...location.server, host: ipv6Enabled ? "2001:db8::5" : "192.0.2.5" };
      const text = renderWireGuardConfig({ ...base, privateKey, server, ipv6Enabled });
      const file = join(dir, wireGuardFileName(location));
      writeFileSync(file, text, { mode: 0o600 });

      const privateLine = /^PrivateKey = (.+)$/m.exec(text)?.[1];
      expect(
        execFileSync("wg", ["pubkey"], { input: `${privateLine}\n` })
          .toString()
          .trim(),
      ).toBe(publicKey);

      // strip: wg-quick's own parser; it leaves what `wg setconf` reads (no Address, no DNS).
      const stripped = execFileSync("wg-quick", ["strip", file]).toString();
      expect(stripped).toContain(`PublicKey = ${location.server.publicKey}`);
      expect(stripped).not.toMatch(/^(Address|DNS) =/m);
      // And `wg` parses the stripped file (`wg setconf` grammar) without touching any interface.
      const strippedFile = join(dir, "stripped.conf");
      writeFileSync(strippedFile, stripped, { mode: 0o600 });
      const check = spawnSync("wg", ["setconf", "wgcheck0", strippedFile]);
      // No such interface here (no root network changes): wg reads the whole file first, then fails on the device.
      expect(check.stderr.toString()).not.toMatch(/parsing error|unrecognized|not the correct/i);
      expect(check.stderr.toString()).toMatch(/interface/i);
    },
  );
});
