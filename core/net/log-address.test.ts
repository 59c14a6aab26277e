import { describe, expect, it } from "vitest";
import { logAddress } from "./log-address";

describe("logAddress", () => {
  it.each([
    ["203.0.113.77", "203.0.113.0/24"],
    ["10.1.2.3", "10.1.2.0/24"],
    ["::ffff:198.51.100.9", "198.51.100.0/24"],
    ["2001:db8:abcd:12:1:2:3:4", "2001:db8:abcd::/48"],
    ["2001:db8::1", "2001:db8::/48"],
    ["::1", "::/48"],
    ["fe80::1%eth0", "fe80::/48"],
    ["not an address", "unknown"],
    ["", "unknown"],
  ])("truncates %s to %s", (address, expected) => {
    expect(logAddress(address)).toBe(expected);
  });

  it.each([
    ["203.0.113.77", "203.0.113.77"],
    ["2001:db8:abcd:12:1:2:3:4", "2001:db8:abcd:12:1:2:3:4"],
    ["::ffff:198.51.100.9", "198.51.100.9"],
    ["junk", "unknown"],
  ])("keeps %s whole when the operator asks for full addresses", (address, expected) => {
    expect(logAddress(address, "full")).toBe(expected);
  });
});
