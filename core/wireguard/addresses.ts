import ipaddr from "ipaddr.js";

/**
 * Tunnel addresses of manual WireGuard keys (decision 044): peer number n (from 0) gets the
 * (n + FIRST_HOST)-th address of the operator's IPv4 range as a /32 and the same offset in the IPv6
 * range as a /128. Offsets below FIRST_HOST are the servers' own (gateway, resolvers), and the IPv4
 * range's last address (broadcast) is never given. Pure: the database keeps each peer's number unique.
 */
export const FIRST_HOST = 16;

export interface AddressPool {
  ipv4: { base: bigint; size: bigint };
  ipv6: { base: bigint; size: bigint };
}

function toBigInt(bytes: number[]): bigint {
  return bytes.reduce((value, byte) => (value << 8n) | BigInt(byte), 0n);
}

function fromBigInt(value: bigint, length: number): number[] {
  const bytes: number[] = [];
  for (let i = 0; i < length; i += 1) bytes.unshift(Number((value >> BigInt(8 * i)) & 0xffn));
  return bytes;
}

function parseRange(cidr: string, kind: "ipv4" | "ipv6"): { base: bigint; size: bigint } {
  const [address, prefix] = ipaddr.parseCIDR(cidr);
  if (address.kind() !== kind) throw new Error(`${cidr} is not an ${kind} range`);
  const bits = kind === "ipv4" ? 32 : 128;
  const hostBits = BigInt(bits - prefix);
  const base = (toBigInt(address.toByteArray()) >> hostBits) << hostBits;
  return { base, size: 1n << hostBits };
}

/** Parses the two ranges (CIDR); throws on a wrong family or one too small to hold any peer. */
export function addressPool(ipv4Range: string, ipv6Range: string): AddressPool {
  const pool = { ipv4: parseRange(ipv4Range, "ipv4"), ipv6: parseRange(ipv6Range, "ipv6") };
  if (peerCapacity(pool) < 1) throw new Error(`${ipv4Range} holds no peer after the ${FIRST_HOST} reserved addresses`);
  return pool;
}

/** How many peers the pool holds: the smaller range decides (IPv4, nearly always). */
export function peerCapacity(pool: AddressPool): number {
  const v4 = pool.ipv4.size - BigInt(FIRST_HOST) - 1n;
  const v6 = pool.ipv6.size - BigInt(FIRST_HOST);
  const smaller = v4 < v6 ? v4 : v6;
  const capped = smaller > 2_000_000_000n ? 2_000_000_000n : smaller;
  return Number(capped > 0n ? capped : 0n);
}

/** The addresses of peer number `index` (0 ≤ index < peerCapacity), in canonical text. */
export function addressesFor(pool: AddressPool, index: number): { ipv4: string; ipv6: string } {
  if (!Number.isInteger(index) || index < 0 || index >= peerCapacity(pool)) {
    throw new RangeError(`peer number ${index} is outside the pool`);
  }
  const offset = BigInt(index + FIRST_HOST);
  const v4 = ipaddr.fromByteArray(fromBigInt(pool.ipv4.base + offset, 4));
  const v6 = ipaddr.fromByteArray(fromBigInt(pool.ipv6.base + offset, 16));
  return { ipv4: v4.toString(), ipv6: (v6 as ipaddr.IPv6).toRFC5952String() };
}

/** True for a CIDR range of the family that holds peers (the setting's check). */
export function isPeerRange(cidr: string, kind: "ipv4" | "ipv6"): boolean {
  try {
    const range = parseRange(cidr, kind);
    return range.size - BigInt(FIRST_HOST) - 1n >= 1n;
  } catch {
    return false;
  }
}
