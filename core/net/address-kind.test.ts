import { describe, expect, it } from "vitest";
import { isPublicAddress } from "./address-kind";

describe("isPublicAddress", () => {
  it.each([
    ["8.8.8.8", true],
    ["1.1.1.1", true],
    ["2606:4700::1111", true],
    ["10.1.2.3", false],
    ["172.16.0.1", false],
    ["192.168.1.1", false],
    ["127.0.0.1", false],
    ["169.254.1.1", false],
    ["100.64.0.1", false],
    ["192.0.2.1", false],
    ["224.0.0.1", false],
    ["::1", false],
    ["fe80::1", false],
    ["fd00::1", false],
    ["2001:db8::1", false],
    ["::ffff:8.8.8.8", true],
    ["::ffff:10.0.0.1", false],
    ["not-an-ip", false],
  ])("%s -> %s", (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});
