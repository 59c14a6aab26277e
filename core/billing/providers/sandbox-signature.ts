import { createHmac, timingSafeEqual } from "node:crypto";

/** The sandbox's webhook signature: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">` (Stripe's scheme). */
export const SANDBOX_SIGNATURE_HEADER = "sandbox-signature";
export const SIGNATURE_TOLERANCE_S = 300;

export function signSandboxPayload(secret: string, body: string, timestampS: number): string {
  const mac = createHmac("sha256", secret).update(`${timestampS}.${body}`).digest("hex");
  return `t=${timestampS},v1=${mac}`;
}

export function verifySandboxSignature(secret: string, body: string, header: string | null, nowS: number): boolean {
  if (!header) return false;
  const parts = Object.fromEntries(header.split(",").map((part) => part.split("=", 2) as [string, string]));
  const timestamp = Number(parts.t);
  if (!Number.isInteger(timestamp) || Math.abs(nowS - timestamp) > SIGNATURE_TOLERANCE_S || !parts.v1) return false;
  const expected = Buffer.from(signSandboxPayload(secret, body, timestamp).split("v1=")[1] ?? "", "hex");
  const given = Buffer.from(parts.v1, "hex");
  return expected.length === given.length && timingSafeEqual(expected, given);
}
