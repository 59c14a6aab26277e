import { describe, expect, it } from "vitest";
import {
  connectionVerdict,
  type FindingState,
  type Findings,
  parseForcedFindings,
  type Verdict,
} from "./connection-verdict";

const findings = (ipv4: FindingState, ipv6: FindingState, dns: FindingState, webrtc: FindingState): Findings => ({
  ipv4: { state: ipv4, addresses: [] },
  ipv6: { state: ipv6, addresses: [] },
  dns: { state: dns, addresses: [] },
  webrtc: { state: webrtc, addresses: [] },
});

describe("connectionVerdict", () => {
  it.each<[string, Findings, Verdict]>([
    ["everything through the VPN", findings("vpn", "vpn", "vpn", "vpn"), { kind: "protected", unconfirmed: [] }],
    [
      "IPv4 only, no IPv6 path, no WebRTC address",
      findings("vpn", "none", "vpn", "none"),
      { kind: "protected", unconfirmed: [] },
    ],
    ["IPv6 only", findings("none", "vpn", "vpn", "vpn"), { kind: "protected", unconfirmed: [] }],
    [
      "no DNS test on this site",
      findings("vpn", "none", "untested", "none"),
      { kind: "protected", unconfirmed: ["dns"] },
    ],
    [
      "no resolver seen, WebRTC off",
      findings("vpn", "vpn", "none", "untested"),
      { kind: "protected", unconfirmed: ["dns", "webrtc"] },
    ],
    ["IPv6 goes around the tunnel", findings("vpn", "outside", "vpn", "vpn"), { kind: "leaking", leaks: ["ipv6"] }],
    ["DNS leak", findings("vpn", "none", "outside", "none"), { kind: "leaking", leaks: ["dns"] }],
    [
      "WebRTC and DNS leak",
      findings("vpn", "vpn", "outside", "outside"),
      { kind: "leaking", leaks: ["dns", "webrtc"] },
    ],
    [
      "IPv4 around an IPv6 tunnel",
      findings("outside", "vpn", "untested", "none"),
      { kind: "leaking", leaks: ["ipv4"] },
    ],
    ["no VPN at all", findings("outside", "outside", "outside", "outside"), { kind: "not-connected", throughVpn: [] }],
    ["no VPN, no IPv6", findings("outside", "none", "untested", "untested"), { kind: "not-connected", throughVpn: [] }],
    [
      "VPN resolvers without the tunnel",
      findings("outside", "none", "vpn", "none"),
      { kind: "not-connected", throughVpn: ["dns"] },
    ],
    [
      "nothing known",
      findings("untested", "untested", "untested", "untested"),
      { kind: "not-connected", throughVpn: [] },
    ],
  ])("%s", (_, input, expected) => {
    expect(connectionVerdict(input)).toEqual(expected);
  });
});

describe("parseForcedFindings", () => {
  it.each([
    ["ipv4:vpn,ipv6:none,dns:outside,webrtc:untested", ["vpn", "none", "outside", "untested"]],
    ["webrtc:vpn,dns:vpn,ipv6:vpn,ipv4:vpn", ["vpn", "vpn", "vpn", "vpn"]],
    ["ipv4:vpn,ipv6:none,dns:outside", null],
    ["ipv4:maybe,ipv6:none,dns:outside,webrtc:vpn", null],
    ["", null],
    [null, null],
  ])("%s", (text, states) => {
    const parsed = parseForcedFindings(text);
    expect(parsed && [parsed.ipv4.state, parsed.ipv6.state, parsed.dns.state, parsed.webrtc.state]).toEqual(states);
  });

  it("gives seen findings an address to show", () => {
    expect(parseForcedFindings("ipv4:vpn,ipv6:outside,dns:none,webrtc:untested")).toMatchObject({
      ipv4: { addresses: ["192.0.2.1"] },
      ipv6: { addresses: ["2001:db8::1"] },
      dns: { addresses: [] },
    });
  });
});
