import ipaddr from "ipaddr.js";

/** How much of a client address a request log line keeps (LOG_FULL_IP_ADDRESSES, decision 041). */
export type LogAddressMode = "truncated" | "full";

/**
 * The address as a log line carries it: by default its network only (IPv4 /24, IPv6 /48), enough
 * to see abuse from one network but not to name a household; the whole address when the operator
 * asked for it. An IPv4-mapped IPv6 address counts as IPv4; anything unparsable becomes "unknown".
 */
export function logAddress(address: string, mode: LogAddressMode = "truncated"): string {
  if (!ipaddr.isValid(address)) return "unknown";
  const parsed = ipaddr.process(address);
  if (mode === "full") return parsed.toString();
  if (parsed.kind() === "ipv4") {
    const [a, b, c] = (parsed as ipaddr.IPv4).octets;
    return `${a}.${b}.${c}.0/24`;
  }
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 3);
  const network = new ipaddr.IPv6([...parts, 0, 0, 0, 0, 0]);
  return `${network.toRFC5952String()}/48`;
}
