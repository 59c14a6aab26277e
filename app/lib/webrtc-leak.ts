import { parseIpAddress } from "../../core/net/ip-address";

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
  /** "leak" when WebRTC reveals a public address the web server did not see. */
  status: "leak" | "no-leak";
  /** Public addresses WebRTC revealed that differ from what the server saw. */
  leaked: string[];
  /** Public addresses WebRTC revealed (the same as the server's, or leaked). */
  publicAddresses: string[];
  /** Private addresses of local interfaces shown in the clear (not hidden behind mDNS). */
  localAddresses: string[];
}

/** Compares what WebRTC revealed with the addresses the web server saw for this visitor. */
export function leakVerdict(candidates: Candidate[], serverAddresses: string[]): LeakVerdict {
  const seenByServer = new Set(serverAddresses.map((address) => parseIpAddress(address)?.address ?? address));
  const unique = (values: string[]) => [...new Set(values)];
  const publicAddresses = unique(candidates.filter((c) => c.kind === "public").map((c) => c.address));
  const leaked = publicAddresses.filter((address) => !seenByServer.has(address));
  const localAddresses = unique(
    candidates.filter((c) => c.kind !== "public" && c.kind !== "mdns" && c.kind !== "loopback").map((c) => c.address),
  );
  return { status: leaked.length > 0 ? "leak" : "no-leak", leaked, publicAddresses, localAddresses };
}

/** What a row of the candidate table says about one candidate. */
export function candidateFinding(candidate: Candidate, verdict: LeakVerdict): "leak" | "same" | "local" | "hidden" {
  if (candidate.kind === "mdns") return "hidden";
  if (candidate.kind !== "public") return "local";
  return verdict.leaked.includes(candidate.address) ? "leak" : "same";
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
