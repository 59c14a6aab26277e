import { describe, expect, it } from "vitest";
import { isRecent } from "./recent-sign-in";

const NOW = new Date("2026-11-28T12:00:00Z");
const ago = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000);

describe("isRecent", () => {
  it.each([
    { case: "signed in a minute ago", proofs: [ago(1)], recent: true },
    { case: "signed in 9 minutes ago", proofs: [ago(9)], recent: true },
    { case: "signed in 10 minutes ago", proofs: [ago(10)], recent: false },
    { case: "old sign-in, fresh confirmation", proofs: [ago(600), ago(2)], recent: true },
    { case: "old sign-in, no confirmation", proofs: [ago(600), null], recent: false },
    { case: "a time in the future", proofs: [ago(-5)], recent: false },
  ])("$case", ({ proofs, recent }) => {
    expect(isRecent(proofs, NOW)).toBe(recent);
  });
});
