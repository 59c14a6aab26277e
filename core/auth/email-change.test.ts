import { describe, expect, it } from "vitest";
import { undoDeadline, undoState } from "./email-change";

const changedAt = new Date("2026-11-01T12:00:00Z");
const hours = (n: number) => new Date(changedAt.getTime() + n * 60 * 60 * 1000);

describe("undoState", () => {
  it.each([
    ["just after the change", hours(0), null, "open"],
    ["a minute before 72 hours", new Date(hours(72).getTime() - 60_000), null, "open"],
    ["at 72 hours", hours(72), null, "expired"],
    ["a week later", hours(168), null, "expired"],
    ["already undone", hours(1), hours(0.5), "used"],
    ["undone, and late as well", hours(100), hours(0.5), "used"],
  ] as const)("%s -> %s", (_, now, undoneAt, expected) => {
    expect(undoState({ undoUntil: undoDeadline(changedAt), undoneAt }, now)).toBe(expected);
  });
});
