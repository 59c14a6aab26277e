import ipaddr from "ipaddr.js";

/**
 * How many STUN answers the server sends per second, so nobody can turn it into a UDP reflector:
 * per source (an IPv4 address, or an IPv6 /64, since one host or home network holds a whole /64
 * and could otherwise rotate through it) and in total (spoofed sources from everywhere).
 */
export interface StunReplyLimits {
  perSourcePerSecond: number;
  totalPerSecond: number;
  /** Distinct sources counted in one second; past it, unseen sources wait for the next second. */
  maxSources?: number;
}

const WINDOW_MS = 1000;
const DEFAULT_MAX_SOURCES = 100_000;

/** The key a source is counted under: its IPv4 address (IPv4-mapped too), or its IPv6 /64. */
export function stunSourceKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv4") return parsed.toString();
  const v6 = parsed as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  return `${v6.parts
    .slice(0, 4)
    .map((part) => part.toString(16))
    .join(":")}::/64`;
}

/**
 * Fixed one-second windows (the whole count is dropped at each new window, which keeps memory
 * bounded without timers). Returns whether a packet from `address` may be answered now.
 */
export function createStunReplyLimiter(limits: StunReplyLimits, now: () => number = Date.now) {
  const maxSources = limits.maxSources ?? DEFAULT_MAX_SOURCES;
  let windowStart = now();
  let total = 0;
  let counts = new Map<string, number>();
  return function allow(address: string): boolean {
    const time = now();
    if (time - windowStart >= WINDOW_MS || time < windowStart) {
      windowStart = time;
      total = 0;
      counts = new Map();
    }
    if (total >= limits.totalPerSecond) return false;
    const key = stunSourceKey(address);
    const count = counts.get(key) ?? 0;
    if (count >= limits.perSourcePerSecond) return false;
    if (count === 0 && counts.size >= maxSources) return false;
    counts.set(key, count + 1);
    total += 1;
    return true;
  };
}
