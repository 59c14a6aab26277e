import { describe, expect, it } from "vitest";
import { candidateFinding, leakVerdict, parseCandidate, uniqueCandidates } from "./webrtc-leak";

const host =
  "candidate:842163049 1 udp 2122260223 192.168.1.23 54400 typ host generation 0 ufrag abcd network-cost 999";
const mdns = "candidate:1 1 udp 2122260223 2b5e8c1f-0ea7-4d15-9e2a-7b4f0f5c1f3e.local 54401 typ host generation 0";
const srflx = "candidate:2 1 udp 1686052607 203.0.113.50 54400 typ srflx raddr 192.168.1.23 rport 54400 generation 0";
const srflx6 = "candidate:3 1 udp 1686052863 2001:db8:85a3::8a2e:370:7334 54402 typ srflx raddr :: rport 0";
const publicV4 = "candidate:4 1 udp 1686052607 81.2.69.160 61000 typ srflx raddr 0.0.0.0 rport 0";
const publicV6 = "candidate:5 1 udp 1686052863 2a00:1450:4001:80b::200e 61001 typ srflx raddr :: rport 0";

describe("parseCandidate", () => {
  it("reads address, port, protocol and type, and classifies the address", () => {
    expect(parseCandidate(host)).toEqual({
      address: "192.168.1.23",
      port: 54400,
      protocol: "udp",
      type: "host",
      kind: "private",
    });
    expect(parseCandidate(`a=${publicV4}`)).toMatchObject({ address: "81.2.69.160", type: "srflx", kind: "public" });
    expect(parseCandidate(publicV6)).toMatchObject({ address: "2a00:1450:4001:80b::200e", kind: "public" });
  });

  it("recognises a browser's mDNS name that hides a local address", () => {
    expect(parseCandidate(mdns)).toMatchObject({ type: "host", kind: "mdns" });
  });

  it("refuses lines that are not candidates", () => {
    expect(parseCandidate("")).toBeNull();
    expect(parseCandidate("a=ice-ufrag:abcd")).toBeNull();
    expect(parseCandidate("candidate:1 1 udp 1 not-an-ip 1 typ host")).toBeNull();
  });
});

describe("leakVerdict", () => {
  it("finds no leak when the only public address is the one the server saw", () => {
    const candidates = uniqueCandidates([mdns, publicV4, publicV4]);
    const verdict = leakVerdict(candidates, ["81.2.69.160"]);
    expect(verdict).toEqual({ status: "no-leak", leaked: [], publicAddresses: ["81.2.69.160"], localAddresses: [] });
    expect(candidates.map((c) => candidateFinding(c, verdict))).toEqual(["hidden", "same"]);
  });

  it("reports a public address the server did not see, as behind a VPN", () => {
    // The server saw the VPN exit; WebRTC revealed the real IPv6 address.
    const candidates = uniqueCandidates([host, publicV4, publicV6]);
    const verdict = leakVerdict(candidates, ["81.2.69.160"]);
    expect(verdict.status).toBe("leak");
    expect(verdict.leaked).toEqual(["2a00:1450:4001:80b::200e"]);
    expect(verdict.localAddresses).toEqual(["192.168.1.23"]);
    expect(candidates.map((c) => candidateFinding(c, verdict))).toEqual(["local", "same", "leak"]);
  });

  it("compares IPv4-mapped server addresses by their IPv4 form", () => {
    expect(leakVerdict(uniqueCandidates([publicV4]), ["::ffff:81.2.69.160"]).status).toBe("no-leak");
  });

  it("treats documentation and private reflexive addresses as local, not leaks", () => {
    const verdict = leakVerdict(uniqueCandidates([srflx, srflx6]), ["198.51.100.1"]);
    expect(verdict.status).toBe("no-leak");
    expect(verdict.localAddresses).toEqual(["203.0.113.50", "2001:db8:85a3::8a2e:370:7334"]);
  });
});
