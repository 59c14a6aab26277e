import type { OpenVpnNetwork } from "../../content/servers";
import type { VpnServerRegion } from "../../universal/routing/sub-pages";

/**
 * An OpenVPN client profile for one country (decision 044), from the operator's template in
 * content/servers.ts: its hosts as `remote` lines (the client picks one at random), the protocol and
 * port, the CA inline. The customer signs in with the account's credentials (`auth-user-pass`):
 * a profile holds no secret, so the same file serves every customer. Null for a region without hosts.
 */
export function renderOpenVpnProfile(network: OpenVpnNetwork, region: VpnServerRegion, brand: string): string | null {
  const hosts = network.remotes[region] ?? [];
  if (hosts.length === 0) return null;
  const lines = [
    `# ${brand} - ${region}`,
    "client",
    "dev tun",
    `proto ${network.protocol}`,
    ...hosts.map((host) => `remote ${host} ${network.port}`),
    ...(hosts.length > 1 ? ["remote-random"] : []),
    "resolv-retry infinite",
    "nobind",
    "persist-key",
    "persist-tun",
    "remote-cert-tls server",
    "auth-user-pass",
    "verb 3",
    ...network.extra,
    "<ca>",
    network.ca.trim(),
    "</ca>",
  ];
  return `${lines.join("\n")}\n`;
}

/** The download's name: `<brand>-<region>.ovpn`, ASCII only. */
export function openVpnFileName(brand: string, region: VpnServerRegion): string {
  const name =
    brand
      .normalize("NFD")
      .replace(/\p{M}/gu, "")
      .replace(/[^A-Za-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .toLowerCase() || "vpn";
  return `${name}-${region}.ovpn`;
}
