import { describe, expect, it } from "vitest";
import { ACCEPT_ALL, formatConsent, parseConsent, REJECT_ALL, signalsFor } from "./consent";

describe("cookie consent", () => {
  it("stores a choice as a versioned flag and reads it back", () => {
    expect(formatConsent({ analytics: true, marketing: false })).toBe("v1.a1.m0");
    expect(parseConsent("v1.a1.m0")).toEqual({ analytics: true, marketing: false });
    expect(parseConsent("v0.a1.m1")).toBeNull();
    expect(parseConsent(undefined)).toBeNull();
  });

  it("denies everything until the visitor answers", () => {
    expect(signalsFor(null)).toEqual({ analytics: "denied", ads: "denied" });
  });

  it("grants ads only when cookies were accepted", () => {
    expect(signalsFor(ACCEPT_ALL)).toEqual({ analytics: "granted", ads: "granted" });
    expect(signalsFor(REJECT_ALL)).toEqual({ analytics: "denied", ads: "denied" });
    expect(signalsFor({ analytics: true, marketing: false })).toEqual({ analytics: "granted", ads: "denied" });
  });
});
