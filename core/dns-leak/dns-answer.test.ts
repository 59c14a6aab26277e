import type { DecodedPacket } from "dns-packet";
import { describe, expect, it } from "vitest";
import { answerQuery } from "./dns-answer";

const zone = { zone: "leak.test", addresses: ["192.0.2.1", "2001:db8::1"], ttl: 30 };
const query = (name: string, type: string, extra: Partial<DecodedPacket> = {}) =>
  ({ type: "query", id: 7, flags: 0x100, questions: [{ name, type, class: "IN" }], ...extra }) as DecodedPacket;
const rcode = (flags: number | undefined) => (flags ?? 0) & 0xf;

describe("answerQuery", () => {
  it.each([
    ["abc.leak.test", "A", 0, [{ type: "A", data: "192.0.2.1" }]],
    ["ABC.Leak.Test", "AAAA", 0, [{ type: "AAAA", data: "2001:db8::1" }]],
    ["x.y.leak.test", "ANY", 0, [{ type: "A" }, { type: "AAAA" }]],
    ["leak.test", "NS", 0, [{ type: "NS", data: "ns.leak.test" }]],
    ["leak.test", "SOA", 0, [{ type: "SOA" }]],
    ["abc.leak.test", "TXT", 0, []],
    ["example.com", "A", 5, []],
    ["notleak.test", "A", 5, []],
  ])("%s %s → rcode %i", (name, type, expectedRcode, answers) => {
    const reply = answerQuery(query(name, type), zone);
    expect(rcode(reply?.flags)).toBe(expectedRcode);
    expect(reply?.id).toBe(7);
    expect(reply?.answers).toMatchObject(answers);
    // The name is echoed as asked (resolvers check their 0x20 case).
    for (const answer of reply?.answers ?? []) expect(answer.name).toBe(name);
  });

  it("is authoritative in the zone and keeps RD", () => {
    const reply = answerQuery(query("a.leak.test", "A"), zone);
    expect((reply?.flags ?? 0) & 0x400).toBe(0x400);
    expect((reply?.flags ?? 0) & 0x100).toBe(0x100);
  });

  it("answers an empty type with the SOA, never NXDOMAIN", () => {
    const reply = answerQuery(query("a.leak.test", "MX"), zone);
    expect(reply?.authorities).toMatchObject([{ type: "SOA", name: "leak.test" }]);
  });

  it("answers EDNS with EDNS", () => {
    const reply = answerQuery(
      query("a.leak.test", "A", { additionals: [{ type: "OPT", name: ".", udpPayloadSize: 4096 } as never] }),
      zone,
    );
    expect(reply?.additionals).toMatchObject([{ type: "OPT", udpPayloadSize: 1232 }]);
  });

  it("refuses other opcodes and several questions, ignores responses", () => {
    expect(rcode(answerQuery(query("a.leak.test", "A", { flags: 2 << 11 }), zone)?.flags)).toBe(4);
    const two = query("a.leak.test", "A");
    two.questions = [...(two.questions ?? []), { name: "b.leak.test", type: "A" }];
    expect(rcode(answerQuery(two, zone)?.flags)).toBe(1);
    expect(answerQuery(query("a.leak.test", "A", { type: "response" }), zone)).toBeNull();
  });
});
