import { describe, expect, it } from "vitest";
import { showsSaving } from "./shows-saving";

describe("showsSaving", () => {
  it.each([
    ["73%", true],
    ["1%", true],
    ["0%", false],
    ["", false],
    [undefined, false],
    [null, false],
  ])("%s -> %s", (percent, shown) => {
    expect(showsSaving(percent)).toBe(shown);
  });
});
