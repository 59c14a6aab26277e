import { SERVER_LOCATIONS, WIREGUARD, type WireGuardServer } from "../../content/servers";
import type { VpnServerRegion } from "../routing/sub-pages";

/** A place the customer may connect to: a city of content/servers.ts with a WireGuard server. */
export interface WireGuardLocation {
  region: VpnServerRegion;
  countryCode: string;
  city: string;
  server: WireGuardServer;
}

/** Every city with a WireGuard server, in the order of content/servers.ts. */
export function wireGuardLocations(): WireGuardLocation[] {
  const locations: WireGuardLocation[] = [];
  for (const [region, place] of Object.entries(SERVER_LOCATIONS) as [
    VpnServerRegion,
    (typeof SERVER_LOCATIONS)[VpnServerRegion],
  ][]) {
    for (const city of place.cities) {
      const server = WIREGUARD.servers[region]?.[city];
      if (server) locations.push({ region, countryCode: place.countryCode, city, server });
    }
  }
  return locations;
}

export type DnsChoice = (typeof WIREGUARD.dns)[number]["id"];

/** What one configuration file says: the customer's key and addresses, the server, the options. */
export interface WireGuardConfigInput {
  privateKey: string;
  /** The tunnel addresses the site assigned the key: an IPv4 address and an IPv6 address. */
  ipv4: string;
  ipv6: string;
  server: WireGuardServer;
  port: number;
  /** IPv6 through the tunnel too (its address, its resolver, ::/0); off: IPv4 only. */
  ipv6Enabled: boolean;
  dns: { ipv4: string; ipv6: string };
  /** Seconds; 0 leaves the line out. */
  persistentKeepalive: number;
}

/** An IPv6 host (not a name, not IPv4) goes into brackets in `Endpoint`. */
function endpoint(host: string, port: number): string {
  return host.includes(":") ? `[${host}]:${port}` : `${host}:${port}`;
}

/** The `.conf` that `wg-quick` and the WireGuard apps read (and its QR code carries). */
export function renderWireGuardConfig(input: WireGuardConfigInput): string {
  const v6 = input.ipv6Enabled;
  const lines = [
    "[Interface]",
    `PrivateKey = ${input.privateKey}`,
    `Address = ${[`${input.ipv4}/32`, ...(v6 ? [`${input.ipv6}/128`] : [])].join(", ")}`,
    `DNS = ${[input.dns.ipv4, ...(v6 ? [input.dns.ipv6] : [])].join(", ")}`,
    "",
    "[Peer]",
    `PublicKey = ${input.server.publicKey}`,
    `AllowedIPs = ${["0.0.0.0/0", ...(v6 ? ["::/0"] : [])].join(", ")}`,
    `Endpoint = ${endpoint(input.server.host, input.port)}`,
    ...(input.persistentKeepalive > 0 ? [`PersistentKeepalive = ${input.persistentKeepalive}`] : []),
  ];
  return `${lines.join("\n")}\n`;
}

/** The file's name: wg-quick takes the interface name from it (at most 15 characters, [a-zA-Z0-9_=+.-]). */
export function wireGuardFileName(location: Pick<WireGuardLocation, "countryCode" | "city">): string {
  const city = location.city
    .normalize("NFD")
    .replace(/[^A-Za-z]/g, "")
    .slice(0, 6)
    .toLowerCase();
  return `wg-${location.countryCode.toLowerCase()}-${city}.conf`;
}
