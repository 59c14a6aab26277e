import { describe, expect, it } from "vitest";
import { fromBase64, isWireGuardKey, toBase64 } from "./keys";

describe("isWireGuardKey", () => {
  it.each([
    ["VvUIuEh70XComP0YszwIPOEQRwjNtPdnElTH1sj9Hy8=", true],
    ["AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=", true],
    ["AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAB=", false], // stray bits in the last character
    ["VvUIuEh70XComP0YszwIPOEQRwjNtPdnElTH1sj9Hy8", false], // no padding
    ["VvUIuEh70XComP0YszwIPOEQRwjNtPdnElTH1sj9Hy8==", false],
    ["VvUIuEh70XComP0YszwIPOEQRwjNtPdnElTH1sj9Hy_=", false], // base64url
    ["AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA==", false], // 31 bytes
    [" VvUIuEh70XComP0YszwIPOEQRwjNtPdnElTH1sj9Hy8=", false],
    ["", false],
  ])("%j: %s", (text, valid) => {
    expect(isWireGuardKey(text)).toBe(valid);
  });

  it("round-trips bytes through base64", () => {
    const bytes = Uint8Array.from({ length: 32 }, (_, i) => i * 7);
    expect(fromBase64(toBase64(bytes))).toEqual(bytes);
    expect(isWireGuardKey(toBase64(bytes))).toBe(true);
  });
});
