import { parseIpAddress } from "../../universal/net/ip-address";
import { isVpnExit } from "../../universal/net/vpn-network";
import type { Finding } from "../../universal/tools/connection-verdict";
import type { DnsLeakOutcome } from "./dns-leak";
import type { Candidate } from "./webrtc-leak";

/** The connection check's findings from what the browser saw (decision 043); the verdict is connectionVerdict's. */

/** Outside addresses first, so the explanation names what leaks. */
function finding(addresses: string[], isVpn: (address: string) => boolean): Finding {
  if (addresses.length === 0) return { state: "none", addresses: [] };
  const outside = addresses.filter((address) => !isVpn(address));
  return outside.length > 0 ? { state: "outside", addresses: outside } : { state: "vpn", addresses };
}

/** One address family: the address the family's own host name saw, or none (no path, a timeout). */
export function familyFinding(address: string | null): Finding {
  return finding(address ? [address] : [], isVpnExit);
}

/** DNS: the resolvers that looked up the test names; untested without the test. */
export function dnsFinding(outcome: DnsLeakOutcome | null): Finding {
  if (!outcome) return { state: "untested", addresses: [] };
  return {
    ...finding(
      outcome.resolvers.map((resolver) => resolver.ip),
      (address) => outcome.resolvers.some((resolver) => resolver.ip === address && resolver.vpn),
    ),
  };
}

/** WebRTC: the public addresses among the candidates; untested when the browser has no WebRTC. */
export function webrtcFinding(candidates: Candidate[] | null): Finding {
  if (!candidates) return { state: "untested", addresses: [] };
  const publicAddresses = [...new Set(candidates.filter((c) => c.kind === "public").map((c) => c.address))];
  return finding(publicAddresses, isVpnExit);
}

/** The address this app sees, when it is of the family: what a page without that family's host name has. */
export function addressOfFamily(address: string, family: 4 | 6): string | null {
  const parsed = parseIpAddress(address);
  return parsed?.family === family ? parsed.address : null;
}

/** Asks this app on a family's own host name for the visitor's address; null on no path or timeout. */
export async function addressFromOrigin(origin: string, family: 4 | 6, timeoutMs = 5000): Promise<string | null> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetch(new URL("/api/tools/my-ip", origin), {
      signal: controller.signal,
      credentials: "omit",
    });
    const { data } = (await response.json()) as { data: { ip: string; family: number } };
    return data.family === family ? data.ip : null;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}
