import ipaddr from "ipaddr.js";

/** What kind of network an address belongs to, in the words the what-is-my-ip page uses. */
export type AddressKind =
  | "public"
  | "private"
  | "loopback"
  | "link-local"
  | "shared"
  | "multicast"
  | "unspecified"
  | "documentation"
  | "reserved";

export interface ParsedAddress {
  /** Canonical text: dotted quad, or RFC 5952 for IPv6; an IPv4-mapped address in its IPv4 form. */
  address: string;
  family: 4 | 6;
  kind: AddressKind;
  /** The input was an IPv4-mapped IPv6 address (::ffff:a.b.c.d). */
  mapped: boolean;
}

// ipaddr.js range names → ours. Anything not listed (benchmarking, AMT, AS112, ORCHID, …) is "reserved".
const KINDS: Record<string, AddressKind> = {
  unicast: "public",
  // 6to4 and Teredo addresses are routed on the public internet.
  "6to4": "public",
  teredo: "public",
  private: "private",
  uniqueLocal: "private",
  loopback: "loopback",
  linkLocal: "link-local",
  carrierGradeNat: "shared",
  multicast: "multicast",
  unspecified: "unspecified",
  broadcast: "reserved",
};

// Ranges ipaddr.js does not name (RFC 5737 / RFC 3849 documentation, RFC 2544 is "benchmarking").
const DOCUMENTATION: [ipaddr.IPv4 | ipaddr.IPv6, number][] = [
  ipaddr.parseCIDR("192.0.2.0/24"),
  ipaddr.parseCIDR("198.51.100.0/24"),
  ipaddr.parseCIDR("203.0.113.0/24"),
  ipaddr.parseCIDR("2001:db8::/32"),
  ipaddr.parseCIDR("3fff::/20"),
];

function kindOf(address: ipaddr.IPv4 | ipaddr.IPv6): AddressKind {
  for (const range of DOCUMENTATION) {
    if (address.kind() === range[0].kind() && address.match(range)) return "documentation";
  }
  return KINDS[address.range()] ?? "reserved";
}

/**
 * Parses an IP address typed by a person or sent by a proxy: strict dotted quads (no "1" or
 * "010.0.0.1" shorthands), IPv6 without zone ids. Null for anything else, hostnames included.
 */
export function parseIpAddress(input: string): ParsedAddress | null {
  const text = input.trim();
  if (text.length === 0 || text.length > 45 || text.includes("%")) return null;
  if (ipaddr.IPv4.isValidFourPartDecimal(text)) {
    if (text.split(".").some((part) => part.length > 1 && part.startsWith("0"))) return null;
    const v4 = ipaddr.IPv4.parse(text);
    return { address: v4.toString(), family: 4, kind: kindOf(v4), mapped: false };
  }
  if (!text.includes(":") || !ipaddr.IPv6.isValid(text)) return null;
  const v6 = ipaddr.IPv6.parse(text);
  if (v6.isIPv4MappedAddress()) {
    const v4 = v6.toIPv4Address();
    return { address: v4.toString(), family: 4, kind: kindOf(v4), mapped: true };
  }
  return { address: v6.toRFC5952String(), family: 6, kind: kindOf(v6), mapped: false };
}

/** True for an address on the public internet (not private, loopback, link-local, documentation, …). */
export function isPublicAddress(address: string): boolean {
  return parseIpAddress(address)?.kind === "public";
}

/** True for 127.0.0.0/8, ::1 and their IPv4-mapped forms: a client on this very machine. */
export function isLoopbackAddress(address: string): boolean {
  return parseIpAddress(address)?.kind === "loopback";
}
