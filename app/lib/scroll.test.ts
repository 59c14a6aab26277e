import { describe, expect, it } from "vitest";
import { easeInOutCubic, SCROLL_DURATION_MS, SCROLL_OFFSET_PX, scrollPositionAt, targetScrollY } from "./scroll";

describe("scroll helper", () => {
  it("uses the SPEC defaults", () => {
    expect(SCROLL_OFFSET_PX).toBe(50);
    expect(SCROLL_DURATION_MS).toBe(1200);
  });

  it("stops the offset above the target and never above the page", () => {
    expect(targetScrollY(400, 100)).toBe(450);
    expect(targetScrollY(20, 0)).toBe(0);
    expect(targetScrollY(400, 100, 0)).toBe(500);
  });

  it("eases from start to end over the duration", () => {
    expect(easeInOutCubic(0)).toBe(0);
    expect(easeInOutCubic(0.5)).toBe(0.5);
    expect(easeInOutCubic(1)).toBe(1);
    expect(easeInOutCubic(2)).toBe(1);
    expect(scrollPositionAt(0, 1000, 0)).toBe(0);
    expect(scrollPositionAt(0, 1000, 600)).toBe(500);
    expect(scrollPositionAt(0, 1000, 1200)).toBe(1000);
    expect(scrollPositionAt(1000, 0, 5000)).toBe(0);
    expect(scrollPositionAt(0, 1000, 10, 0)).toBe(1000);
  });
});
