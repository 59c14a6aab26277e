import ipaddr from "ipaddr.js";
import { VPN_NETWORK } from "../../content/network";
import { parseIpAddress } from "./ip-address";

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** Parses a CIDR or a single address ("a.b.c.d" is /32, an IPv6 address /128); null when invalid. */
export function parseRange(text: string): Range | null {
  try {
    if (text.includes("/")) return ipaddr.parseCIDR(text);
    const address = ipaddr.parse(text);
    return [address, address.kind() === "ipv4" ? 32 : 128];
  } catch {
    return null;
  }
}

/** A matcher over a list of ranges: IPv4-mapped IPv6 addresses count as their IPv4 form. */
export function rangeMatcher(ranges: readonly string[]): (address: string) => boolean {
  const parsed = ranges.map((text) => {
    const range = parseRange(text);
    if (!range) throw new Error(`not an address range: ${text}`);
    return range;
  });
  return (address) => {
    const canonical = parseIpAddress(address);
    if (!canonical) return false;
    const ip = ipaddr.parse(canonical.address);
    return parsed.some(([base, bits]) => base.kind() === ip.kind() && ip.match(base, bits));
  };
}

/** The operator's exit ranges (content/network.ts): a visitor from there is on the VPN. */
export const isVpnExit = rangeMatcher(VPN_NETWORK.exitRanges);
/** The operator's resolver ranges: a DNS query from there came through the VPN's resolvers. */
export const isVpnResolver = rangeMatcher(VPN_NETWORK.resolverRanges);
