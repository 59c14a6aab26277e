import { describe, expect, it } from "vitest";
import { lastSeenIsStale } from "./sessions";

describe("lastSeenIsStale", () => {
  const seen = new Date("2026-11-28T10:00:00Z");
  it.each([
    [0, false],
    [60, false],
    [4 * 60 + 59, false],
    [5 * 60, true],
    [3600, true],
  ])("%i seconds after the last write -> %s", (seconds, expected) => {
    expect(lastSeenIsStale(seen, new Date(seen.getTime() + seconds * 1000))).toBe(expected);
  });
});
