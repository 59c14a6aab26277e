import { describe, expect, it } from "vitest";
import { rewardText } from "./reward-text";

describe("rewardText", () => {
  it.each([
    [{ months: 1, days: 0 }, "en", "1 month"],
    [{ months: 2, days: 0 }, "en", "2 months"],
    [{ months: 0, days: 10 }, "en", "10 days"],
    [{ months: 1, days: 10 }, "de", "1 Monat + 10 Tage"],
    [{ months: 0, days: 0 }, "en", ""],
  ] as const)("%o in %s: %s", (reward, locale, expected) => {
    expect(rewardText(reward, locale)).toBe(expected);
  });
});
