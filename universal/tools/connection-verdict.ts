/**
 * The connection check's one verdict over its four findings (decision 043), a pure function so
 * every combination is a row of a table test. A finding's state:
 * - `vpn`: every address it saw belongs to the operator's VPN (content/network.ts);
 * - `outside`: it saw an address that does not;
 * - `none`: it saw nothing: no IPv6 path, no public WebRTC address, no resolver yet;
 * - `untested`: the site or the browser cannot run it (not configured, WebRTC off).
 */

export const FINDING_NAMES = ["ipv4", "ipv6", "dns", "webrtc"] as const;
export type FindingName = (typeof FINDING_NAMES)[number];
export const FINDING_STATES = ["vpn", "outside", "none", "untested"] as const;
export type FindingState = (typeof FINDING_STATES)[number];

export interface Finding {
  state: FindingState;
  /** The addresses behind the state (the outside ones first), for the explanation. */
  addresses: string[];
}

export type Findings = Record<FindingName, Finding>;

export type Verdict =
  /** The traffic leaves through the VPN and nothing seen goes around it. */
  | { kind: "protected"; unconfirmed: FindingName[] }
  /** No traffic leaves through the VPN; `throughVpn` names findings that do (a disagreement). */
  | { kind: "not-connected"; throughVpn: FindingName[] }
  /** Traffic leaves through the VPN, but these findings show a way around it. */
  | { kind: "leaking"; leaks: FindingName[] };

export function connectionVerdict(findings: Findings): Verdict {
  const named = (test: (finding: Finding, name: FindingName) => boolean) =>
    FINDING_NAMES.filter((name) => test(findings[name], name));
  const connected = findings.ipv4.state === "vpn" || findings.ipv6.state === "vpn";
  if (!connected) return { kind: "not-connected", throughVpn: named((finding) => finding.state === "vpn") };
  const leaks = named((finding) => finding.state === "outside");
  if (leaks.length > 0) return { kind: "leaking", leaks };
  // No resolver seen is no proof either way; a missing IPv6 path or no public WebRTC address is fine.
  return {
    kind: "protected",
    unconfirmed: named((finding, name) => finding.state === "untested" || (name === "dns" && finding.state === "none")),
  };
}

/**
 * Findings forced by `?findings=ipv4:vpn,ipv6:none,dns:outside,webrtc:untested` (outside
 * production only: the page's browser tests). Null unless all four are given with known states.
 */
export function parseForcedFindings(text: string | null): Findings | null {
  if (!text) return null;
  const entries = text.split(",").map((part) => part.split(":"));
  const states = new Map<string, string>();
  for (const [name, state] of entries) if (name && state) states.set(name, state);
  const findings: Partial<Findings> = {};
  for (const name of FINDING_NAMES) {
    const state = states.get(name) as FindingState | undefined;
    if (!state || !FINDING_STATES.includes(state)) return null;
    const example = name === "ipv6" ? "2001:db8::1" : name === "dns" ? "192.0.2.53" : "192.0.2.1";
    findings[name] = { state, addresses: state === "vpn" || state === "outside" ? [example] : [] };
  }
  return findings as Findings;
}
