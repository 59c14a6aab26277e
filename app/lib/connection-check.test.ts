import { describe, expect, it } from "vitest";
import { addressOfFamily, dnsFinding, familyFinding, webrtcFinding } from "./connection-check";

const resolver = (ip: string, vpn: boolean) => ({
  ip,
  vpn,
  country_code: "",
  country: "",
  asn: null,
  organisation: "",
  probes: 1,
});
const candidate = (address: string, kind: string) => ({ address, kind, port: 1, protocol: "udp", type: "srflx" });

describe("connection check findings", () => {
  it.each([
    [null, { state: "none", addresses: [] }],
    ["198.51.100.7", { state: "vpn", addresses: ["198.51.100.7"] }],
    ["81.2.69.160", { state: "outside", addresses: ["81.2.69.160"] }],
  ])("family address %s", (address, expected) => {
    expect(familyFinding(address)).toEqual(expected);
  });

  it.each([
    [null, "untested", []],
    [[], "none", []],
    [[resolver("203.0.113.53", true)], "vpn", ["203.0.113.53"]],
    [[resolver("203.0.113.53", true), resolver("192.0.2.1", false)], "outside", ["192.0.2.1"]],
  ])("dns %o", (resolvers, state, addresses) => {
    expect(dnsFinding(resolvers && { probes: 6, answered: 6, resolvers })).toEqual({ state, addresses });
  });

  it.each([
    [null, "untested", []],
    [[candidate("10.0.0.2", "private")], "none", []],
    [[candidate("198.51.100.7", "public"), candidate("198.51.100.7", "public")], "vpn", ["198.51.100.7"]],
    [[candidate("198.51.100.7", "public"), candidate("81.2.69.160", "public")], "outside", ["81.2.69.160"]],
  ])("webrtc %o", (candidates, state, addresses) => {
    expect(webrtcFinding(candidates)).toEqual({ state, addresses });
  });

  it.each([
    ["::ffff:192.0.2.1", 4, "192.0.2.1"],
    ["192.0.2.1", 6, null],
    ["2001:db8::1", 6, "2001:db8::1"],
  ] as const)("address %s of family %i", (address, family, expected) => {
    expect(addressOfFamily(address, family)).toBe(expected);
  });
});
