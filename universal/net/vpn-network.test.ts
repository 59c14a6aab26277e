import { describe, expect, it } from "vitest";
import { VPN_NETWORK } from "../../content/network";
import { isVpnExit, isVpnResolver, parseRange, rangeMatcher } from "./vpn-network";

describe("rangeMatcher", () => {
  const inside = rangeMatcher(["10.1.0.0/16", "192.0.2.7", "2001:db8:1::/48"]);
  it.each([
    ["10.1.2.3", true],
    ["10.2.0.1", false],
    ["192.0.2.7", true],
    ["192.0.2.8", false],
    ["::ffff:10.1.9.9", true],
    ["2001:db8:1:ffff::1", true],
    ["2001:db8:2::1", false],
    ["not an address", false],
    ["", false],
  ])("%s → %s", (address, expected) => {
    expect(inside(address)).toBe(expected);
  });

  it("refuses a range that does not parse", () => {
    expect(() => rangeMatcher(["10.0.0.0/33"])).toThrow(/not an address range/);
    expect(parseRange("nope")).toBeNull();
  });
});

describe("the operator's ranges (content/network.ts)", () => {
  it("all parse", () => {
    for (const range of [...VPN_NETWORK.exitRanges, ...VPN_NETWORK.resolverRanges]) {
      expect(parseRange(range), range).not.toBeNull();
    }
  });
  it("classify the demo addresses", () => {
    expect(isVpnExit("198.51.100.7")).toBe(true);
    expect(isVpnExit("8.8.8.8")).toBe(false);
    expect(isVpnResolver("203.0.113.53")).toBe(true);
    expect(isVpnResolver("127.0.0.1")).toBe(false);
  });
});
