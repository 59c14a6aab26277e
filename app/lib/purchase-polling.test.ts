import { describe, expect, it } from "vitest";
import { maxPollChecks, nextPollDelay, POLL_TIME_LIMIT_MS } from "./purchase-polling";

describe("nextPollDelay", () => {
  it.each([
    [0, 1_000],
    [1, 1_500],
    [2, 2_250],
    [3, 3_375],
    [4, 5_000],
    [10, 5_000],
    [25, 5_000],
    [26, null],
    [100, null],
  ])("after check %i waits %s ms", (attempt, expected) => {
    expect(nextPollDelay(attempt)).toBe(expected);
  });

  it("stops within the time limit, having checked a bounded number of times", () => {
    let total = 0;
    for (let attempt = 0; ; attempt++) {
      const delay = nextPollDelay(attempt);
      if (delay === null) break;
      total += delay;
    }
    expect(total).toBeLessThanOrEqual(POLL_TIME_LIMIT_MS);
    expect(total).toBeGreaterThan(POLL_TIME_LIMIT_MS - 5_000);
    expect(maxPollChecks()).toBe(27);
  });
});
