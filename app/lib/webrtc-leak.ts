import { parseIpAddress } from "../../universal/net/ip-address";

/** One ICE candidate as the leak test shows it. */
export interface Candidate {
  address: string;
  port: number;
  protocol: string;
  /** host (a local interface), srflx (as the STUN server saw it), prflx, relay (TURN). */
  type: string;
  /** public, private, … (see parseIpAddress); "mdns" for a browser's name that hides the address. */
  kind: string;
}

/**
 * Parses the text of one ICE candidate (RFC 8839: "candidate:foundation component protocol
 * priority address port typ type …"); null for anything else.
 */
export function parseCandidate(line: string): Candidate | null {
  const fields = line.trim().replace(/^a=/, "").split(/\s+/);
  if (!fields[0]?.startsWith("candidate:") || fields.length < 8 || fields[6] !== "typ") return null;
  const [, , protocol = "", , rawAddress = "", port = "", , type = ""] = fields;
  if (rawAddress.toLowerCase().endsWith(".local")) {
    return { address: rawAddress, port: Number(port), protocol: protocol.toLowerCase(), type, kind: "mdns" };
  }
  const parsed = parseIpAddress(rawAddress);
  if (!parsed) return null;
  return { address: parsed.address, port: Number(port), protocol: protocol.toLowerCase(), type, kind: parsed.kind };
}

/** The candidates of a gathering, parsed, one per address/type/protocol. */
export function uniqueCandidates(lines: string[]): Candidate[] {
  const seen = new Set<string>();
  const result: Candidate[] = [];
  for (const line of lines) {
    const candidate = parseCandidate(line);
    if (!candidate) continue;
    const key = `${candidate.address}|${candidate.type}|${candidate.protocol}`;
    if (seen.has(key)) continue;
    seen.add(key);
    result.push(candidate);
  }
  return result;
}

export interface LeakVerdict {
  /**
   * "leak" when WebRTC reveals a public address the web server did not see; "no-leak" when a STUN
   * server saw this browser and nothing differed; "untested" when the outside view is missing.
   */
  status: "leak" | "no-leak" | "untested";
  /** Why the test could not be done: no STUN server is configured, or none answered. */
  reason?: "no-stun" | "no-reflexive";
  /** Public addresses WebRTC revealed that differ from what the server saw. */
  leaked: string[];
  /** Public addresses WebRTC revealed (the same as the server's, or leaked). */
  publicAddresses: string[];
  /** Addresses WebRTC revealed that are the ones the web server saw. */
  matching: string[];
  /** Private addresses of local interfaces shown in the clear (not hidden behind mDNS). */
  localAddresses: string[];
}

export interface LeakTestInput {
  /** Whether the page had a STUN server to ask. */
  stunConfigured: boolean;
  candidates: Candidate[];
  /** The addresses the web server saw for this visitor. */
  serverAddresses: string[];
}

/**
 * Compares what WebRTC revealed with the addresses the web server saw. A leak is a leak however it
 * was found; "no leak" needs a server-reflexive candidate (the address as a STUN server saw it):
 * without one the test has not looked at what WebRTC shows the outside world, so it says so.
 */
export function leakVerdict({ stunConfigured, candidates, serverAddresses }: LeakTestInput): LeakVerdict {
  const seenByServer = new Set(serverAddresses.map((address) => parseIpAddress(address)?.address ?? address));
  const unique = (values: string[]) => [...new Set(values)];
  const publicAddresses = unique(candidates.filter((c) => c.kind === "public").map((c) => c.address));
  const leaked = publicAddresses.filter((address) => !seenByServer.has(address));
  const matching = unique(candidates.map((c) => c.address).filter((address) => seenByServer.has(address)));
  const localAddresses = unique(
    candidates.filter((c) => c.kind !== "public" && c.kind !== "mdns" && c.kind !== "loopback").map((c) => c.address),
  );
  const findings = { leaked, publicAddresses, matching, localAddresses };
  if (leaked.length > 0) return { status: "leak", ...findings };
  if (!stunConfigured) return { status: "untested", reason: "no-stun", ...findings };
  if (!candidates.some((c) => c.type === "srflx")) return { status: "untested", reason: "no-reflexive", ...findings };
  return { status: "no-leak", ...findings };
}

/** What a row of the candidate table says about one candidate. */
export function candidateFinding(candidate: Candidate, verdict: LeakVerdict): "leak" | "same" | "local" | "hidden" {
  if (candidate.kind === "mdns") return "hidden";
  if (verdict.leaked.includes(candidate.address)) return "leak";
  return verdict.matching.includes(candidate.address) ? "same" : "local";
}

/**
 * The STUN server the page must name because someone else may run it: STUN_URL's host and port
 * ("stun.example.net:3478"). The site's own server (null here) sends nothing to a third party.
 */
export function externalStunServer(stunUrl: string | null, ownServer: boolean): string | null {
  if (!stunUrl || ownServer) return null;
  return stunUrl.replace(/^stuns?:/i, "").split("?")[0] || null;
}

/**
 * Gathers this browser's ICE candidates against a STUN server (none: local candidates only),
 * the way any page could without asking. Resolves when gathering completes or after the timeout.
 */
export async function gatherCandidates(stunUrl: string | null, timeoutMs = 6000): Promise<string[]> {
  const connection = new RTCPeerConnection({ iceServers: stunUrl ? [{ urls: stunUrl }] : [] });
  const lines: string[] = [];
  try {
    const complete = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      connection.onicecandidate = (event) => {
        if (event.candidate?.candidate) lines.push(event.candidate.candidate);
        if (!event.candidate) {
          clearTimeout(timer);
          resolve();
        }
      };
    });
    connection.createDataChannel("leak-test");
    await connection.setLocalDescription(await connection.createOffer());
    await complete;
    // The final description lists every candidate too (some browsers skip the events).
    for (const line of connection.localDescription?.sdp.split(/\r?\n/) ?? []) {
      if (line.startsWith("a=candidate:")) lines.push(line.slice(2));
    }
  } finally {
    connection.close();
  }
  return lines;
}
