import { describe, expect, it } from "vitest";
import { formatDateTime, formatMinorUnits, formatNumber, formatPrice } from "./format";
import { LOCALES } from "./locales";

describe("formatDateTime", () => {
  it.each([
    ["2026-03-05T00:07:09Z", "UTC", "2026-03-05 12:07:09 AM"],
    ["2026-03-05T11:59:59Z", "UTC", "2026-03-05 11:59:59 AM"],
    ["2026-03-05T12:00:00Z", "UTC", "2026-03-05 12:00:00 PM"],
    ["2026-12-31T23:30:00Z", "UTC", "2026-12-31 11:30:00 PM"],
    ["2026-12-31T23:30:00Z", "Asia/Tokyo", "2027-01-01 08:30:00 AM"],
  ])("%s in %s", (iso, zone, expected) => {
    expect(formatDateTime(new Date(iso), zone)).toBe(expected);
  });
});

describe("formatNumber / formatPrice", () => {
  it("follows the locale", () => {
    expect(formatNumber(1234567.5, "en")).toBe("1,234,567.5");
    expect(formatNumber(1234567.5, "de")).toBe("1.234.567,5");
  });

  it("puts the SPEC currency symbol first", () => {
    expect(formatPrice(1299, "USD", "en")).toBe("$12.99");
    expect(formatPrice(7388, "AUD", "en")).toBe("A$73.88");
    expect(formatPrice(6588, "CAD", "fr")).toMatch(/^CA\$65,88$/);
    expect(formatPrice(383_000, "GBP", "de")).toBe("£3.830,00");
  });
});

describe("formatMinorUnits", () => {
  const amounts = [0, 5, 99, 1299, 99_999, 123_450, 1_234_567, 123_456_789];
  it.each(LOCALES.map((locale) => [locale.code, locale.iso] as const))(
    "%s writes amounts exactly as Intl.NumberFormat does",
    (code, iso) => {
      const intl = new Intl.NumberFormat(iso, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
      for (const amount of amounts) expect(formatMinorUnits(amount, code)).toBe(intl.format(amount / 100));
    },
  );
});
