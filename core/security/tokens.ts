import { createHash, randomBytes, randomInt } from "node:crypto";

/** 256 random bits, URL-safe: session tokens and verification tickets. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

export function sha256(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

/** A 6-digit code, uniformly random. */
export function newSixDigitCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}
