import { describe, expect, it } from "vitest";
import { isPurchaseBlocked } from "./geo";

describe("the china rule (SPEC §5)", () => {
  it.each([
    ["China", true],
    ["Hong Kong, China", true],
    ["CHINA", true],
    ["Taiwan", false],
    ["", false],
    [undefined, false],
  ])("%s -> %s", (country, blocked) => {
    expect(isPurchaseBlocked(country)).toBe(blocked);
  });
});
