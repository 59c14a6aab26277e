import { describe, expect, it } from "vitest";
import type { PromotionConfig } from "../../universal/promotions/promotion-config";
import { withoutEndedPromotions } from "./promotion-store";

const promotion = (id: string, startTime: string, endTime: string) => ({
  id,
  kind: "easter" as const,
  startTime,
  endTime,
  isFestival: true,
  placeholders: {},
  href: "/pricing",
});

describe("public promotions", () => {
  it("drop ended ones and keep active and upcoming ones (period [start, end))", () => {
    const config: PromotionConfig = {
      promotions: [
        promotion("ended", "2026-01-01T00:00:00Z", "2026-02-01T00:00:00Z"),
        promotion("ends-now", "2026-02-01T00:00:00Z", "2026-03-01T00:00:00Z"),
        promotion("active", "2026-02-15T00:00:00Z", "2026-03-15T00:00:00Z"),
        promotion("upcoming", "2026-04-01T00:00:00+02:00", "2026-04-10T00:00:00+02:00"),
      ],
      popups: {},
    };
    const now = new Date("2026-03-01T00:00:00Z");
    expect(withoutEndedPromotions(config, now).promotions.map((p) => p.id)).toEqual(["active", "upcoming"]);
  });

  it("never publish a sale: its prices reach visitors through the plans, its coupon only at checkout", () => {
    const config: PromotionConfig = {
      promotions: [
        {
          ...promotion("sale", "2026-11-27T00:00:00Z", "2026-12-01T00:00:00Z"),
          sale: { kind: "coupon", coupon: "BLACKFRIDAY" },
        },
      ],
      popups: {},
    };
    const [shown] = withoutEndedPromotions(config, new Date("2026-11-20T00:00:00Z")).promotions;
    expect(shown?.id).toBe("sale");
    expect(shown && "sale" in shown).toBe(false);
  });
});
