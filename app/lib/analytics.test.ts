import { describe, expect, it } from "vitest";
import { batches, buildEvent, formatEventDatetime, MAX_BATCH_EVENTS } from "./analytics";

describe("analytics events", () => {
  it("formats the event time as YYYY-MM-DD hh:mm:ss AM/PM (SPEC §9)", () => {
    expect(formatEventDatetime(new Date(2026, 10, 23, 0, 5, 9))).toBe("2026-11-23 12:05:09 AM");
    expect(formatEventDatetime(new Date(2026, 10, 23, 13, 0, 0))).toBe("2026-11-23 01:00:00 PM");
    expect(formatEventDatetime(new Date(2026, 10, 23, 12, 30, 0))).toBe("2026-11-23 12:30:00 PM");
  });

  it("builds the SPEC §3 event with params as a key/value list", () => {
    const at = new Date(2026, 10, 23, 9, 0, 0);
    const event = buildEvent(
      "page_show",
      { page_path: "/pricing", missing: undefined },
      { language: "de", device: "desktop", geo: { user_ip: "198.51.100.7", country: "Germany", country_code: "DE" } },
      at,
    );
    expect(event).toMatchObject({
      event_name: "page_show",
      event_timestamp: at.getTime(),
      event_params: [{ key: "page_path", value: "/pricing" }],
      language: "de",
      country_code: "DE",
      app_name: "web",
      app_type: "501",
    });
  });

  it("splits a long queue into batches the server accepts", () => {
    const queue = Array.from({ length: 45 }, (_, index) => index);
    expect(batches(queue).map((batch) => batch.length)).toEqual([MAX_BATCH_EVENTS, MAX_BATCH_EVENTS, 5]);
  });
});
