import { describe, expect, it } from "vitest";
import { retentionCutoffDay } from "./retention";

describe("analytics retention", () => {
  it("keeps today and the given number of days before it", () => {
    expect(retentionCutoffDay(new Date("2026-11-20T08:00:00Z"), 1)).toBe("2026-11-19");
    expect(retentionCutoffDay(new Date("2026-11-20T23:59:00Z"), 395)).toBe("2025-10-21");
  });
});
