import { describe, expect, it } from "vitest";
import { compileTrustProxy, resolveClientAddress } from "./client-address";

describe("resolveClientAddress", () => {
  it("ignores X-Forwarded-For when no proxy is trusted", () => {
    expect(resolveClientAddress("203.0.113.9", "198.51.100.1", compileTrustProxy([]))).toBe("203.0.113.9");
  });

  it("ignores a spoofed header from an untrusted peer", () => {
    const trust = compileTrustProxy(["loopback"]);
    expect(resolveClientAddress("203.0.113.9", "1.2.3.4", trust)).toBe("203.0.113.9");
  });

  it("believes a trusted proxy and takes the right-most untrusted hop", () => {
    const trust = compileTrustProxy(["loopback", "10.0.0.0/8"]);
    // Client sent a forged "6.6.6.6"; the real client 198.51.100.7 was appended by our proxies.
    expect(resolveClientAddress("127.0.0.1", "6.6.6.6, 198.51.100.7, 10.1.2.3", trust)).toBe("198.51.100.7");
  });

  it("falls back to the peer when the header is absent", () => {
    expect(resolveClientAddress("127.0.0.1", undefined, compileTrustProxy(["loopback"]))).toBe("127.0.0.1");
  });

  it("reports IPv4-mapped IPv6 peers as IPv4", () => {
    expect(resolveClientAddress("::ffff:192.0.2.5", undefined, compileTrustProxy([]))).toBe("192.0.2.5");
  });

  it("handles IPv6 hops", () => {
    const trust = compileTrustProxy(["fd00::/8"]);
    expect(resolveClientAddress("fd00::1", "2001:db8::42", trust)).toBe("2001:db8::42");
  });
});
