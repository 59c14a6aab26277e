import { describe, expect, it } from "vitest";
import {
  candidateFinding,
  externalStunServer,
  type LeakVerdict,
  leakVerdict,
  parseCandidate,
  uniqueCandidates,
} from "./webrtc-leak";

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
  const loopbackSrflx = "candidate:6 1 udp 1686052607 127.0.0.1 50000 typ srflx raddr 0.0.0.0 rport 0";
  const publicHost = "candidate:7 1 udp 2122260223 2a00:1450:4001:80b::200e 50001 typ host generation 0";

  // stun configured?, candidates gathered, address the server saw -> verdict (and why it could not test)
  const table: Array<[string, boolean, string[], string, LeakVerdict["status"], LeakVerdict["reason"]]> = [
    ["the STUN server saw the address websites see", true, [mdns, publicV4], "81.2.69.160", "no-leak", undefined],
    ["STUN saw the server's (loopback) address", true, [mdns, loopbackSrflx], "127.0.0.1", "no-leak", undefined],
    ["a public address differs, as behind a VPN", true, [host, publicV4, publicV6], "81.2.69.160", "leak", undefined],
    ["no STUN server, nothing gathered", false, [], "81.2.69.160", "untested", "no-stun"],
    ["no STUN server, local candidates only", false, [mdns, host], "81.2.69.160", "untested", "no-stun"],
    ["no STUN server, yet an interface shows a public address", false, [publicHost], "81.2.69.160", "leak", undefined],
    ["STUN configured but nothing gathered", true, [], "81.2.69.160", "untested", "no-reflexive"],
    ["STUN configured, no reflexive answer", true, [mdns, host], "81.2.69.160", "untested", "no-reflexive"],
    ["IPv4-mapped server address matches", true, [publicV4], "::ffff:81.2.69.160", "no-leak", undefined],
    ["documentation addresses are not leaks", true, [srflx, srflx6], "198.51.100.1", "no-leak", undefined],
  ];
  it.each(table)("%s", (_, stunConfigured, lines, serverAddress, status, reason) => {
    const verdict = leakVerdict({
      stunConfigured,
      candidates: uniqueCandidates(lines),
      serverAddresses: [serverAddress],
    });
    expect(verdict.status).toBe(status);
    expect(verdict.reason).toBe(reason);
  });

  it("never reports no leak without a STUN server's view", () => {
    for (const lines of [[], [mdns], [host, mdns], [srflx]]) {
      const verdict = leakVerdict({
        stunConfigured: false,
        candidates: uniqueCandidates(lines),
        serverAddresses: ["81.2.69.160"],
      });
      expect(verdict.status).not.toBe("no-leak");
    }
  });

  it("names the leaked, matching and local addresses, and what each row shows", () => {
    // The server saw the VPN exit; WebRTC revealed the real IPv6 address.
    const candidates = uniqueCandidates([host, mdns, publicV4, publicV6, publicV4]);
    const verdict = leakVerdict({ stunConfigured: true, candidates, serverAddresses: ["81.2.69.160"] });
    expect(verdict).toEqual({
      status: "leak",
      leaked: ["2a00:1450:4001:80b::200e"],
      publicAddresses: ["81.2.69.160", "2a00:1450:4001:80b::200e"],
      matching: ["81.2.69.160"],
      localAddresses: ["192.168.1.23"],
    });
    expect(candidates.map((c) => candidateFinding(c, verdict))).toEqual(["local", "hidden", "same", "leak"]);
  });

  it("treats documentation and private reflexive addresses as local", () => {
    const verdict = leakVerdict({
      stunConfigured: true,
      candidates: uniqueCandidates([srflx, srflx6]),
      serverAddresses: ["198.51.100.1"],
    });
    expect(verdict.localAddresses).toEqual(["203.0.113.50", "2001:db8:85a3::8a2e:370:7334"]);
  });
});

describe("externalStunServer", () => {
  it.each([
    [null, true, null],
    [null, false, null],
    ["stun:vpn.example.com:3478", true, null],
    ["stun:stun.example.net:3478", false, "stun.example.net:3478"],
    ["stuns:stun.example.net:5349?transport=tcp", false, "stun.example.net:5349"],
    ["stun:[2001:db8::1]:3478", false, "[2001:db8::1]:3478"],
  ] as const)("%s (own server: %s) -> %s", (url, own, expected) => {
    expect(externalStunServer(url, own)).toBe(expected);
  });
});
