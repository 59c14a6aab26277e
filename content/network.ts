/**
 * The operator's VPN network as the privacy tools see it (the DNS leak test and the connection
 * check, decision 043): the address ranges its servers leave the tunnel from, and those its DNS
 * resolvers ask from. An address in these ranges counts as "this VPN".
 *
 * Operators: replace these with your own ranges (IPv4 and IPv6 CIDRs, or single addresses). The
 * defaults are documentation ranges (RFC 5737, RFC 3849) that never appear on the internet, so an
 * unedited site never tells anyone they are protected.
 */
export const VPN_NETWORK = {
  /** Where VPN traffic leaves for the internet: a visitor seen from here is connected. */
  exitRanges: ["198.51.100.0/24", "2001:db8:5100::/48"],
  /** Where the VPN's own DNS resolvers send their queries from. */
  resolverRanges: ["198.51.100.0/24", "203.0.113.0/24", "2001:db8:5100::/48"],
} as const satisfies { exitRanges: readonly string[]; resolverRanges: readonly string[] };
