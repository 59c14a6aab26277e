import { describe, expect, it } from "vitest";
import { EMPTY_PROMOTION_CONFIG, type PromotionConfig } from "../../universal/promotions/promotion-config";
import { promotionConfigSchema } from "../../universal/promotions/promotion-config.schema";
import { choosePopup, isWorkTime, localDate, type PopupInput } from "./popups";

// Dates are built in local time, as the browser sees them. 2027-03-29 is a Monday.
const at = (day: number, hours: number, minutes = 0, seconds = 0) => new Date(2027, 2, day, hours, minutes, seconds);
const popup = { headline: [{ text: { en: "Hello" }, tone: "plain" as const }], href: "/pricing" };
const allPopups: PromotionConfig = { promotions: [], popups: { weekend: popup, workday: popup, mobileDaily: popup } };
const withFestival = (config: PromotionConfig, start: string, end: string): PromotionConfig =>
  promotionConfigSchema.parse({
    ...config,
    promotions: [{ id: "easter", kind: "easter", startTime: start, endTime: end, isFestival: true }],
  });

function input(overrides: Partial<PopupInput>): PopupInput {
  return { now: at(31, 12), device: "desktop", onHomePage: true, dismissed: {}, config: allPopups, ...overrides };
}

describe("work time (Monday 06:01 to Friday 17:59)", () => {
  it("starts at Monday 06:01", () => {
    expect(isWorkTime(at(29, 6, 0, 59))).toBe(false);
    expect(isWorkTime(at(29, 6, 1))).toBe(true);
  });
  it("ends after Friday 17:59", () => {
    expect(isWorkTime(at(26, 17, 59, 59))).toBe(true);
    expect(isWorkTime(at(26, 18, 0))).toBe(false);
  });
  it("covers the nights in between and not the weekend", () => {
    expect(isWorkTime(at(31, 2))).toBe(true); // Wednesday 02:00
    expect(isWorkTime(at(27, 12))).toBe(false); // Saturday
    expect(isWorkTime(at(28, 23, 59))).toBe(false); // Sunday
  });
});

describe("choosePopup", () => {
  it("shows nothing when the operator configured nothing", () => {
    expect(choosePopup(input({ config: EMPTY_PROMOTION_CONFIG }))).toBeNull();
  });

  it("shows the workday popup on desktop in work time, on any page", () => {
    expect(choosePopup(input({ now: at(31, 12), onHomePage: false }))).toBe("workday");
  });

  it("switches from workday to weekend across Friday 17:59 on the home page", () => {
    expect(choosePopup(input({ now: at(26, 17, 59) }))).toBe("workday");
    expect(choosePopup(input({ now: at(26, 18, 0) }))).toBe("weekend");
    expect(choosePopup(input({ now: at(26, 18, 0), onHomePage: false }))).toBeNull();
    expect(choosePopup(input({ now: at(29, 6, 0) }))).toBe("weekend");
    expect(choosePopup(input({ now: at(29, 6, 1) }))).toBe("workday");
  });

  it("shows the mobile popup on phones only, never the desktop ones", () => {
    expect(choosePopup(input({ device: "mobile" }))).toBe("mobileDaily");
    expect(choosePopup(input({ device: "tablet" }))).toBeNull();
  });

  it("shows each popup at most once a day", () => {
    const now = at(31, 12);
    expect(choosePopup(input({ now, dismissed: { workday: localDate(now) } }))).toBeNull();
    expect(choosePopup(input({ now, dismissed: { workday: localDate(at(30, 12)) } }))).toBe("workday");
  });

  it("shows the festival popup during [start, end) and holds back weekend and mobile", () => {
    const start = at(27, 0).toISOString();
    const end = at(29, 0).toISOString();
    const config = withFestival(allPopups, start, end);
    expect(choosePopup(input({ config, now: at(26, 23, 59, 59) }))).toBe("weekend");
    expect(choosePopup(input({ config, now: at(27, 0) }))).toBe("festival");
    expect(choosePopup(input({ config, now: at(28, 12), dismissed: { festival: "2027-03-28" } }))).toBeNull();
    expect(
      choosePopup(input({ config, now: at(28, 12), device: "mobile", dismissed: { festival: "2027-03-28" } })),
    ).toBeNull();
    expect(choosePopup(input({ config, now: at(29, 0) }))).toBe("weekend");
  });

  it("keeps the workday popup during a festival once the festival popup is dismissed", () => {
    const config = withFestival(allPopups, at(30, 0).toISOString(), at(31, 0).toISOString());
    expect(choosePopup(input({ config, now: at(30, 10) }))).toBe("festival");
    expect(choosePopup(input({ config, now: at(30, 10), dismissed: { festival: "2027-03-30" } }))).toBe("workday");
  });
});
