import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * The DNS leak test's one-time names (decision 043). A test id is 16 random hex digits and a
 * 12-digit MAC of them under a secret every process shares, so the DNS server records only names
 * this site handed out, without asking the database; probe i of a test is `<id>-<i>.<zone>`.
 */

export const DNS_LEAK_MODES = { standard: 6, extended: 24 } as const;
export type DnsLeakMode = keyof typeof DNS_LEAK_MODES;

const TEST_ID = /^[0-9a-f]{28}$/;
const PROBE_LABEL = /^([0-9a-f]{28})-(\d{1,2})$/;
const MAX_PROBES = Math.max(...Object.values(DNS_LEAK_MODES));

const mac = (secret: string, random: string) => createHmac("sha256", secret).update(random).digest("hex").slice(0, 12);

/** A fresh test id. */
export function newTestId(secret: string, random: () => Buffer = () => randomBytes(8)): string {
  const part = random().toString("hex");
  return `${part}${mac(secret, part)}`;
}

/** Whether this site issued the id (its MAC holds). */
export function isIssuedTestId(secret: string, id: string): boolean {
  if (!TEST_ID.test(id)) return false;
  const expected = Buffer.from(mac(secret, id.slice(0, 16)));
  return timingSafeEqual(expected, Buffer.from(id.slice(16)));
}

/** The probe host names of a test. */
export function probeNames(id: string, count: number, zone: string): string[] {
  return Array.from({ length: count }, (_, index) => `${id}-${index}.${zone}`);
}

/**
 * The test and probe a queried name stands for, or null when it is none of ours: another zone,
 * a label that is not a probe, a forged id, a probe number past the largest mode. Resolvers may
 * randomise the case of names (0x20), so case does not count.
 */
export function probeOfName(secret: string, name: string, zone: string): { testId: string; probe: number } | null {
  const lower = name.toLowerCase().replace(/\.$/, "");
  if (!lower.endsWith(`.${zone}`)) return null;
  const label = lower.slice(0, -(zone.length + 1));
  const match = PROBE_LABEL.exec(label);
  if (!match?.[1] || !match[2]) return null;
  const probe = Number(match[2]);
  if (probe >= MAX_PROBES || !isIssuedTestId(secret, match[1])) return null;
  return { testId: match[1], probe };
}
