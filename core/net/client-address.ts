import proxyaddr from "proxy-addr";

export type TrustProxy = (address: string, hop: number) => boolean;

/** Compiles TRUST_PROXY entries (`loopback`, IPs, CIDRs) once; an empty list trusts no peer. */
export function compileTrustProxy(entries: string[]): TrustProxy {
  return entries.length === 0 ? () => false : proxyaddr.compile(entries);
}

/**
 * The visitor's address: the right-most X-Forwarded-For hop that is not a trusted proxy.
 * A header sent by an untrusted peer is ignored, so nobody can spoof their address.
 */
export function resolveClientAddress(peer: string, forwardedFor: string | undefined, trust: TrustProxy): string {
  const request = {
    socket: { remoteAddress: peer },
    connection: { remoteAddress: peer },
    headers: { "x-forwarded-for": forwardedFor },
  };
  const address = proxyaddr(request as never, trust);
  // Report IPv4-mapped IPv6 addresses (::ffff:1.2.3.4) in their IPv4 form.
  return address.startsWith("::ffff:") && address.includes(".") ? address.slice(7) : address;
}
