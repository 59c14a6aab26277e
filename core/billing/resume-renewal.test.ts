import { describe, expect, it } from "vitest";
import { canResumeRenewal } from "./resume-renewal";

const now = new Date("2026-06-01T00:00:00Z");
const later = new Date("2026-07-01T00:00:00Z");
const earlier = new Date("2026-05-01T00:00:00Z");

describe("canResumeRenewal", () => {
  it.each([
    ["renewal off, period running", { status: "canceled", autoRenew: false, currentPeriodEnd: later }, true],
    ["renewal off while past due", { status: "past_due", autoRenew: false, currentPeriodEnd: later }, true],
    ["renewal already on", { status: "active", autoRenew: true, currentPeriodEnd: later }, false],
    ["period over", { status: "canceled", autoRenew: false, currentPeriodEnd: earlier }, false],
    ["refunded or ended", { status: "expired", autoRenew: false, currentPeriodEnd: later }, false],
    ["never paid", { status: "pending", autoRenew: false, currentPeriodEnd: null }, false],
  ])("%s: %s", (_name, subscription, expected) => {
    expect(canResumeRenewal(subscription, now)).toBe(expected);
  });
});
