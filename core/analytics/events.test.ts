import { describe, expect, it } from "vitest";
import { analyticsBatchSchema, clampEventTime, paramsToRecord, toEventRows, twoLetterCountry, utcDay } from "./events";

const now = new Date("2026-11-20T12:00:00Z");
const DAY = 24 * 60 * 60 * 1000;

describe("event time", () => {
  it("keeps a time within a day of the server's clock", () => {
    const time = now.getTime() - 5 * 60 * 60 * 1000;
    expect(clampEventTime(time, now).getTime()).toBe(time);
  });

  it("clamps a time further away to now ± 1 day", () => {
    expect(clampEventTime(0, now).getTime()).toBe(now.getTime() - DAY);
    expect(clampEventTime(now.getTime() + 30 * DAY, now).getTime()).toBe(now.getTime() + DAY);
  });

  it("dates an event by its UTC day", () => {
    expect(utcDay(new Date("2026-11-20T23:59:59.999Z"))).toBe("2026-11-20");
    expect(utcDay(new Date("2026-11-21T00:00:00+01:00"))).toBe("2026-11-20");
  });
});

describe("event fields", () => {
  it("turns key/value pairs into one object, the last repeated key winning", () => {
    expect(
      paramsToRecord([
        { key: "page", value: "/pricing" },
        { key: "ms", value: 120 },
        { key: "page", value: "/blog" },
        { key: "first", value: true },
      ]),
    ).toEqual({ page: "/blog", ms: 120, first: true });
    expect(paramsToRecord(undefined)).toEqual({});
  });

  it.each([
    ["gb", "GB"],
    ["DE", "DE"],
    ["GBR", null],
    ["1a", null],
    [undefined, null],
  ])("country code %j -> %j", (input, expected) => {
    expect(twoLetterCountry(input)).toBe(expected);
  });

  it.each([
    ["a", true],
    ["page_show", true],
    [`a${"b".repeat(39)}`, true],
    [`a${"b".repeat(40)}`, false],
    ["Page_show", false],
    ["1st", false],
    ["page-show", false],
    ["", false],
  ])("event name %j valid: %s", (name, valid) => {
    const parsed = analyticsBatchSchema.safeParse({ events: [{ event_name: name, event_timestamp: 1 }] });
    expect(parsed.success).toBe(valid);
  });

  it("refuses more than 25 params, long string values and object values", () => {
    const event = (event_params: unknown) => ({ events: [{ event_name: "x", event_timestamp: 1, event_params }] });
    const many = Array.from({ length: 26 }, (_, i) => ({ key: `k${i}`, value: i }));
    expect(analyticsBatchSchema.safeParse(event(many.slice(0, 25))).success).toBe(true);
    expect(analyticsBatchSchema.safeParse(event(many)).success).toBe(false);
    expect(analyticsBatchSchema.safeParse(event([{ key: "k", value: "x".repeat(300) }])).success).toBe(true);
    expect(analyticsBatchSchema.safeParse(event([{ key: "k", value: "x".repeat(301) }])).success).toBe(false);
    expect(analyticsBatchSchema.safeParse(event([{ key: "k", value: { a: 1 } }])).success).toBe(false);
  });
});

describe("rows to store", () => {
  const batch = analyticsBatchSchema.parse({
    user_id: 42,
    events: [
      {
        event_name: "page_show",
        event_timestamp: now.getTime() - 10 * DAY,
        ip: "81.2.69.160",
        country_code: "de",
        app_type: 501,
        event_params: [{ key: "page", value: "/" }],
        attribution: { utm_source: "newsletter", affiliate_network: "nope", extra: "x" },
        unknown_field: "dropped",
      },
    ],
  });

  it("stores no address, no account, the clamped day and cleaned attribution", () => {
    const [row] = toEventRows(batch, { now, serverCountryCode: null });
    expect(row).not.toHaveProperty("userId");
    expect(row).toMatchObject({
      day: "2026-11-19",
      countryCode: "DE",
      appType: "501",
      params: { page: "/" },
      attribution: { utm_source: "newsletter" },
    });
    expect(JSON.stringify(row)).not.toContain("81.2.69.160");
    expect(JSON.stringify(row)).not.toContain("unknown_field");
  });

  it("prefers the server's own country for the address over the client's", () => {
    const [row] = toEventRows(batch, { now, serverCountryCode: "GB" });
    expect(row).toMatchObject({ countryCode: "GB" });
  });
});
