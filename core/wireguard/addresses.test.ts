import { describe, expect, it } from "vitest";
import { addressesFor, addressPool, FIRST_HOST, peerCapacity } from "./addresses";

describe("tunnel addresses", () => {
  const pool = addressPool("10.64.0.0/10", "fd64:7670::/64");

  it.each([
    [0, "10.64.0.16", "fd64:7670::10"],
    [1, "10.64.0.17", "fd64:7670::11"],
    [239, "10.64.0.255", "fd64:7670::ff"],
    [240, "10.64.1.0", "fd64:7670::100"],
    [65_535, "10.65.0.15", "fd64:7670::1:f"],
  ])("peer %i gets %s and %s", (index, ipv4, ipv6) => {
    expect(addressesFor(pool, index)).toEqual({ ipv4, ipv6 });
  });

  it("counts what a range holds, without the reserved hosts and the broadcast address", () => {
    expect(peerCapacity(pool)).toBe(2 ** 22 - FIRST_HOST - 1);
    expect(peerCapacity(addressPool("192.168.7.0/24", "fd00::/120"))).toBe(256 - FIRST_HOST - 1);
    // The IPv6 range can be the smaller one.
    expect(peerCapacity(addressPool("10.0.0.0/16", "fd00::/120"))).toBe(256 - FIRST_HOST);
  });

  it("uses the range's network address whatever host bits the setting has", () => {
    expect(addressesFor(addressPool("10.1.2.3/24", "fd00::1234/112"), 0)).toEqual({
      ipv4: "10.1.2.16",
      ipv6: "fd00::10",
    });
  });

  it.each([-1, 1.5, 2 ** 22])("refuses peer number %s outside the pool", (index) => {
    expect(() => addressesFor(pool, index)).toThrow(RangeError);
  });

  it.each([
    ["fd00::/64", "fd00::/64"],
    ["10.0.0.0/8", "10.0.0.0/8"],
    ["10.0.0.0/28", "fd00::/64"],
  ])("refuses the ranges %s and %s", (v4, v6) => {
    expect(() => addressPool(v4, v6)).toThrow();
  });
});
