import { describe, expect, it } from "vitest";
import {
  capWindowStart,
  type InviteParties,
  isSelfInvite,
  normaliseEmail,
  type RewardCase,
  rewardDecision,
  rewardDelayDays,
  rewardDueAt,
} from "./invite-rules";

const parties = (
  inviter: Partial<InviteParties["inviter"]> = {},
  friend: Partial<InviteParties["friend"]> = {},
): InviteParties => ({
  inviter: { id: 1, email: "ann@example.com", fingerprints: [], ...inviter },
  friend: { id: 2, email: "bob@example.com", fingerprint: null, ...friend },
});

describe("normaliseEmail", () => {
  it.each([
    ["Ann@Example.com ", "ann@example.com"],
    ["ann+vpn@example.com", "ann@example.com"],
    ["A.n.n@gmail.com", "ann@gmail.com"],
    ["a.nn+x@GoogleMail.com", "ann@gmail.com"],
    ["a.nn@example.com", "a.nn@example.com"],
    ["+ann@example.com", "+ann@example.com"],
    ["no-at-sign", "no-at-sign"],
  ])("%s -> %s", (input, expected) => {
    expect(normaliseEmail(input)).toBe(expected);
  });
  it("null stays null", () => expect(normaliseEmail(null)).toBeNull());
});

describe("isSelfInvite", () => {
  it.each<[string, InviteParties, boolean]>([
    ["different people", parties(), false],
    ["the same account", parties({}, { id: 1 }), true],
    ["the same address, another case and tag", parties({}, { email: "ANN+second@example.com" }), true],
    ["the same Gmail, with dots", parties({ email: "ann.lee@gmail.com" }, { email: "annlee@googlemail.com" }), true],
    ["the same card", parties({ fingerprints: ["fp_1", "fp_2"] }, { fingerprint: "fp_2" }), true],
    ["another card", parties({ fingerprints: ["fp_1"] }, { fingerprint: "fp_9" }), false],
    ["no fingerprint from the processor", parties({ fingerprints: ["fp_1"] }, { fingerprint: null }), false],
    ["account-number accounts (no addresses)", parties({ email: null }, { email: null }), false],
  ])("%s", (_, input, expected) => {
    expect(isSelfInvite(input)).toBe(expected);
  });
});

describe("rewardDecision", () => {
  const base: RewardCase = {
    settings: { months: 1, days: 0, capPerYear: 3 },
    parties: parties(),
    earlierPaidOrders: 0,
    inviterRewardsThisYear: 0,
  };
  it.each<[string, Partial<RewardCase>, ReturnType<typeof rewardDecision>]>([
    ["a friend's first purchase", {}, { reward: true, inviterCapped: false }],
    ["days only", { settings: { months: 0, days: 10, capPerYear: 3 } }, { reward: true, inviterCapped: false }],
    ["rewards off", { settings: { months: 0, days: 0, capPerYear: 3 } }, { reward: false, refused: "off" }],
    ["an unknown code", { parties: null }, { reward: false, refused: "unknown_code" }],
    ["a self-invite", { parties: parties({}, { id: 1 }) }, { reward: false, refused: "self" }],
    ["a second purchase", { earlierPaidOrders: 1 }, { reward: false, refused: "not_first_purchase" }],
    ["just under the cap", { inviterRewardsThisYear: 2 }, { reward: true, inviterCapped: false }],
    ["at the cap: the friend still gets theirs", { inviterRewardsThisYear: 3 }, { reward: true, inviterCapped: true }],
    [
      "a cap of 0: friends only",
      { settings: { months: 1, days: 0, capPerYear: 0 } },
      { reward: true, inviterCapped: true },
    ],
    [
      "self-invite wins over the cap",
      { parties: parties({}, { id: 1 }), inviterRewardsThisYear: 9 },
      { reward: false, refused: "self" },
    ],
  ])("%s", (_, change, expected) => {
    expect(rewardDecision({ ...base, ...change })).toEqual(expected);
  });
});

describe("finality", () => {
  it.each<[number | undefined | null, number | null, number]>([
    [undefined, 30, 30],
    [null, 14, 14],
    [7, 30, 7],
    [0, 30, 0],
    [undefined, null, 0],
    [undefined, 0, 0],
  ])("operator delay %s with a %s-day window: %s days", (delay, window, expected) => {
    expect(rewardDelayDays(delay, window)).toBe(expected);
  });
  it("is due the delay's days after the payment, to the millisecond", () => {
    expect(rewardDueAt(new Date("2026-01-31T10:00:00.123Z"), 30).toISOString()).toBe("2026-03-02T10:00:00.123Z");
    expect(rewardDueAt(new Date("2026-01-31T10:00:00Z"), 0).toISOString()).toBe("2026-01-31T10:00:00.000Z");
  });
  it("counts the cap over the last 365 days", () => {
    expect(capWindowStart(new Date("2026-06-01T00:00:00Z")).toISOString()).toBe("2025-06-01T00:00:00.000Z");
  });
});
