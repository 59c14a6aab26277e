import { isIPv4, isIPv6 } from "node:net";
import { type Answer, AUTHORITATIVE_ANSWER, type DecodedPacket, type Packet, RECURSION_DESIRED } from "dns-packet";

/**
 * The authoritative answers of the DNS leak test's zone (decision 043), a pure function of the
 * query: every name in the zone exists and has the app's addresses (A, AAAA), the apex has its
 * SOA and NS (`ns.<zone>`, which resolves like every other name), other types get an empty answer
 * with the SOA, names outside the zone are REFUSED. Never NXDOMAIN, so no resolver caches a
 * negative answer for a probe name.
 */

export interface ZoneAnswers {
  /** Lower case, no trailing dot. */
  zone: string;
  /** The addresses every name resolves to (IPv4 for A, IPv6 for AAAA). */
  addresses: readonly string[];
  /** TTL of the answers; probe names are used once, so caching them does nothing. */
  ttl?: number;
}

const RCODE = { NOERROR: 0, FORMERR: 1, NOTIMP: 4, REFUSED: 5 } as const;
const OPCODE_QUERY = 0;
const EDNS_PAYLOAD = 1232;

const inZone = (name: string, zone: string) => name === zone || name.endsWith(`.${zone}`);

/** The answer to a query, or null for anything that is no query at all (a response, garbage). */
export function answerQuery(query: DecodedPacket, options: ZoneAnswers): Packet | null {
  if (query.type !== "query") return null;
  const ttl = options.ttl ?? 60;
  const zone = options.zone;
  const reply = (rcode: number, answers: Answer[] = [], authorities: Answer[] = []): Packet => ({
    type: "response",
    id: query.id,
    flags: ((query.flags ?? 0) & RECURSION_DESIRED) | (rcode === RCODE.REFUSED ? 0 : AUTHORITATIVE_ANSWER) | rcode,
    questions: query.questions,
    answers,
    authorities,
    // EDNS: answer with an OPT record when the query had one (RFC 6891).
    additionals: (query.additionals ?? []).some((record) => record.type === "OPT")
      ? [
          {
            type: "OPT",
            name: ".",
            udpPayloadSize: EDNS_PAYLOAD,
            extendedRcode: 0,
            ednsVersion: 0,
            flags: 0,
            flag_do: false,
            options: [],
          },
        ]
      : [],
  });
  const opcode = ((query.flags ?? 0) >> 11) & 0xf;
  if (opcode !== OPCODE_QUERY) return reply(RCODE.NOTIMP);
  const question = query.questions?.[0];
  if (!question || (query.questions?.length ?? 0) !== 1) return reply(RCODE.FORMERR);
  const name = question.name.toLowerCase().replace(/\.$/, "");
  if (!inZone(name, zone) || (question.class && question.class !== "IN")) return reply(RCODE.REFUSED);

  const soa: Answer = {
    type: "SOA",
    name: zone,
    ttl,
    data: {
      mname: `ns.${zone}`,
      rname: `hostmaster.${zone}`,
      serial: 1,
      refresh: 3600,
      retry: 600,
      expire: 86400,
      minimum: ttl,
    },
  };
  const records: Answer[] = [];
  // dns-packet decodes type 255 as "ANY", which its types leave out.
  const asked: string = question.type;
  const wants = (type: string) => asked === type || asked === "ANY";
  if (wants("A")) {
    for (const address of options.addresses.filter((a) => isIPv4(a))) {
      records.push({ type: "A", name: question.name, ttl, data: address });
    }
  }
  if (wants("AAAA")) {
    for (const address of options.addresses.filter((a) => isIPv6(a))) {
      records.push({ type: "AAAA", name: question.name, ttl, data: address });
    }
  }
  if (name === zone && wants("SOA")) records.push({ ...soa, name: question.name });
  if (name === zone && wants("NS")) records.push({ type: "NS", name: question.name, ttl, data: `ns.${zone}` });
  return records.length > 0 ? reply(RCODE.NOERROR, records) : reply(RCODE.NOERROR, [], [soa]);
}
