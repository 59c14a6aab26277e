import { describe, expect, it } from "vitest";
import { lastSeenIsStale, recentSessions } from "./sessions";

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

describe("recentSessions", () => {
  // Oldest first, as listActiveSessions gives them; `seen` is the minute of the last activity.
  const list = (...seen: number[]) =>
    seen.map((minute, index) => ({ id: index + 1, lastSeenAt: new Date(Date.UTC(2026, 10, 29, 0, minute)) }));
  const ids = (sessions: Array<{ id: number }>) => sessions.map((session) => session.id);

  it.each([
    ["all of a short list", list(5, 1, 9), 3, undefined, [1, 2, 3]],
    ["the most recently active, oldest first", list(5, 1, 9, 3), 2, undefined, [1, 3]],
    ["the asking session even when it is the least active", list(5, 1, 9, 3), 2, 2, [2, 3]],
    ["ties by the newer session", list(4, 4, 4), 2, undefined, [2, 3]],
    ["one slot: the asking session alone", list(1, 2, 3), 1, 1, [1]],
  ])("%s", (_, sessions, limit, keep, expected) => {
    expect(ids(recentSessions(sessions, limit, keep))).toEqual(expected);
  });
});
