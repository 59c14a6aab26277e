import { describe, expect, it } from "vitest";
import { isLoopbackAddress, isPublicAddress, parseIpAddress } from "./ip-address";

describe("parseIpAddress", () => {
  it.each([
    ["8.8.8.8", "8.8.8.8", 4, "public"],
    [" 1.1.1.1 ", "1.1.1.1", 4, "public"],
    ["10.1.2.3", "10.1.2.3", 4, "private"],
    ["172.16.0.1", "172.16.0.1", 4, "private"],
    ["192.168.1.1", "192.168.1.1", 4, "private"],
    ["127.0.0.1", "127.0.0.1", 4, "loopback"],
    ["169.254.1.1", "169.254.1.1", 4, "link-local"],
    ["100.64.0.1", "100.64.0.1", 4, "shared"],
    ["224.0.0.1", "224.0.0.1", 4, "multicast"],
    ["0.0.0.0", "0.0.0.0", 4, "unspecified"],
    ["255.255.255.255", "255.255.255.255", 4, "reserved"],
    ["240.0.0.1", "240.0.0.1", 4, "reserved"],
    ["192.0.2.1", "192.0.2.1", 4, "documentation"],
    ["203.0.113.9", "203.0.113.9", 4, "documentation"],
    ["198.18.0.1", "198.18.0.1", 4, "reserved"],
    ["2606:4700:0000:0000:0000:0000:0000:1111", "2606:4700::1111", 6, "public"],
    ["2A00:1450:4001:80B::200E", "2a00:1450:4001:80b::200e", 6, "public"],
    ["::1", "::1", 6, "loopback"],
    ["::", "::", 6, "unspecified"],
    ["fe80::1", "fe80::1", 6, "link-local"],
    ["fd00::1", "fd00::1", 6, "private"],
    ["ff02::1", "ff02::1", 6, "multicast"],
    ["2001:db8::1", "2001:db8::1", 6, "documentation"],
    ["64:ff9b::808:808", "64:ff9b::808:808", 6, "reserved"],
    ["2002:c000:204::1", "2002:c000:204::1", 6, "public"],
  ])("%s is %s (IPv%s, %s)", (input, address, family, kind) => {
    expect(parseIpAddress(input)).toEqual({ address, family, kind, mapped: false });
  });

  it("reports an IPv4-mapped IPv6 address by its IPv4 part", () => {
    expect(parseIpAddress("::ffff:8.8.8.8")).toEqual({ address: "8.8.8.8", family: 4, kind: "public", mapped: true });
    expect(parseIpAddress("::ffff:c0a8:101")).toEqual({
      address: "192.168.1.1",
      family: 4,
      kind: "private",
      mapped: true,
    });
  });

  it.each([
    "",
    "not-an-ip",
    "example.com",
    "1",
    "1.2.3",
    "010.0.0.1",
    "0x7f.0.0.1",
    "256.1.1.1",
    "1.2.3.4/24",
    "fe80::1%eth0",
    "2001:db8::g",
    "1:2:3:4:5:6:7:8:9",
    "1.2.3.4 5.6.7.8",
  ])("refuses %j", (input) => {
    expect(parseIpAddress(input)).toBeNull();
  });
});

describe("isPublicAddress", () => {
  it.each([
    ["8.8.8.8", true],
    ["2606:4700::1111", true],
    ["::ffff:8.8.8.8", true],
    ["::ffff:10.0.0.1", false],
    ["192.0.2.1", false],
    ["not-an-ip", false],
  ])("%s -> %s", (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

describe("isLoopbackAddress", () => {
  it.each([
    ["127.0.0.1", true],
    ["127.8.9.10", true],
    ["::1", true],
    ["::ffff:127.0.0.1", true],
    ["0:0:0:0:0:0:0:1", true],
    ["10.0.0.1", false],
    ["192.168.1.10", false],
    ["::ffff:10.0.0.1", false],
    ["fe80::1", false],
    ["0.0.0.0", false],
    ["::", false],
    ["203.0.113.9", false],
    ["localhost", false],
    ["", false],
  ])("%j -> %s", (address, expected) => {
    expect(isLoopbackAddress(address)).toBe(expected);
  });
});
