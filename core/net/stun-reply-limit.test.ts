import { describe, expect, it } from "vitest";
import { createStunReplyLimiter, stunSourceKey } from "./stun-reply-limit";

describe("stunSourceKey", () => {
  it.each([
    ["203.0.113.9", "203.0.113.9"],
    ["::ffff:203.0.113.9", "203.0.113.9"],
    ["2001:db8:1:2:aaaa::1", "2001:db8:1:2::/64"],
    ["2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"],
    ["2001:0DB8:0001:0002::9", "2001:db8:1:2::/64"],
    ["2001:db8:1:3::1", "2001:db8:1:3::/64"],
    ["::1", "0:0:0:0::/64"],
    ["not an address", "not an address"],
  ])("%s is counted as %s", (address, key) => {
    expect(stunSourceKey(address)).toBe(key);
  });
});

/** Steps of [milliseconds since start, source address, answered?] against one limiter. */
type Step = [at: number, address: string, answered: boolean];

function run(limits: Parameters<typeof createStunReplyLimiter>[0], steps: Step[]) {
  let clock = 0;
  const allow = createStunReplyLimiter(limits, () => clock);
  return steps.map(([at, address]) => {
    clock = at;
    return allow(address);
  });
}

describe("createStunReplyLimiter", () => {
  it.each<[string, Parameters<typeof createStunReplyLimiter>[0], Step[]]>([
    [
      "caps one IPv4 source, then answers it again the next second",
      { perSourcePerSecond: 2, totalPerSecond: 100 },
      [
        [0, "198.51.100.1", true],
        [10, "198.51.100.1", true],
        [20, "198.51.100.1", false],
        [999, "198.51.100.1", false],
        [1000, "198.51.100.1", true],
      ],
    ],
    [
      "counts other IPv4 addresses apart, and the IPv4-mapped form as the same address",
      { perSourcePerSecond: 1, totalPerSecond: 100 },
      [
        [0, "198.51.100.1", true],
        [1, "198.51.100.2", true],
        [2, "::ffff:198.51.100.1", false],
      ],
    ],
    [
      "counts a whole IPv6 /64 as one source, so rotating addresses in it does not help",
      { perSourcePerSecond: 2, totalPerSecond: 100 },
      [
        [0, "2001:db8:0:1::1", true],
        [1, "2001:db8:0:1::2", true],
        [2, "2001:db8:0:1:ffff::3", false],
        [3, "2001:db8:0:2::1", true],
      ],
    ],
    [
      "caps the total across sources, then opens again the next second",
      { perSourcePerSecond: 5, totalPerSecond: 3 },
      [
        [0, "198.51.100.1", true],
        [1, "198.51.100.2", true],
        [2, "2001:db8::1", true],
        [3, "198.51.100.3", false],
        [4, "198.51.100.1", false],
        [1003, "198.51.100.3", true],
      ],
    ],
    [
      "stops counting new sources past maxSources in one second",
      { perSourcePerSecond: 5, totalPerSecond: 100, maxSources: 2 },
      [
        [0, "198.51.100.1", true],
        [1, "198.51.100.2", true],
        [2, "198.51.100.3", false],
        [3, "198.51.100.1", true],
        [1000, "198.51.100.3", true],
      ],
    ],
    [
      "starts a new window when the clock goes back",
      { perSourcePerSecond: 1, totalPerSecond: 100 },
      [
        [5000, "198.51.100.1", true],
        [5001, "198.51.100.1", false],
        [3000, "198.51.100.1", true],
      ],
    ],
  ])("%s", (_, limits, steps) => {
    expect(run(limits, steps)).toEqual(steps.map(([, , answered]) => answered));
  });
});
