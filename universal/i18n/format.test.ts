import { describe, expect, it } from "vitest";
import {
  formatDate,
  formatDateTime,
  formatDuration,
  formatMinorUnits,
  formatNumber,
  formatPrice,
  remainingDuration,
} from "./format";
import { LOCALES } from "./locales";

const MOMENT = new Date("2026-03-05T15:07:09Z");

describe("formatDate / formatDateTime", () => {
  it.each(LOCALES.map((locale) => [locale.code, locale.iso] as const))(
    "%s follows Intl in its own language",
    (code, iso) => {
      expect(formatDate(MOMENT, code)).toBe(
        new Intl.DateTimeFormat(iso, { dateStyle: "long", timeZone: "UTC" }).format(MOMENT),
      );
      expect(formatDateTime(MOMENT, code)).toBe(
        new Intl.DateTimeFormat(iso, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(MOMENT),
      );
    },
  );

  it.each([
    ["en", "Mar 5, 2026, 3:07 PM", "March 5, 2026"],
    ["de", "05.03.2026, 15:07", "5. März 2026"],
    ["ja", "2026/03/05 15:07", "2026年3月5日"],
    ["fr", "5 mars 2026, 15:07", "5 mars 2026"],
    ["ru", "5 мар. 2026 г., 15:07", "5 марта 2026 г."],
    // Persian writes the solar calendar in Persian digits, Thai the Buddhist era.
    ["fa", "۱۴ اسفند ۱۴۰۴، ۱۵:۰۷", "۱۴ اسفند ۱۴۰۴"],
    ["th", "5 มี.ค. 2569 15:07", "5 มีนาคม 2569"],
    ["hi", "5 मार्च 2026, 3:07 pm", "5 मार्च 2026"],
  ] as const)("%s: %s", (locale, dateTime, date) => {
    expect(formatDateTime(MOMENT, locale).replace(/\s/g, " ")).toBe(dateTime);
    expect(formatDate(MOMENT, locale)).toBe(date);
  });

  it("uses the locale's clock: no English AM/PM outside English", () => {
    for (const { code } of LOCALES.filter((locale) => locale.code !== "en")) {
      expect(formatDateTime(MOMENT, code)).not.toMatch(/\b(AM|PM)\b/);
    }
  });

  it("shows the date in the given time zone", () => {
    expect(formatDate(new Date("2026-12-31T23:30:00Z"), "en", "Asia/Tokyo")).toBe("January 1, 2027");
  });
});

describe("formatDuration", () => {
  // The plural forms each language needs (CLDR): Arabic's dual and 11+ accusative, Polish and
  // Russian "few"/"many", Japanese without plural.
  it.each([
    ["en", ["1 day", "2 days", "5 days", "21 days"], ["1 month", "2 months", "5 months", "21 months"]],
    ["ar", ["يوم", "يومان", "5 أيام", "21 يومًا"], ["شهر", "شهران", "5 أشهر", "21 شهرًا"]],
    ["de", ["1 Tag", "2 Tage", "5 Tage", "21 Tage"], ["1 Monat", "2 Monate", "5 Monate", "21 Monate"]],
    ["es", ["1 día", "2 días", "5 días", "21 días"], ["1 mes", "2 meses", "5 meses", "21 meses"]],
    ["fr", ["1 jour", "2 jours", "5 jours", "21 jours"], ["1 mois", "2 mois", "5 mois", "21 mois"]],
    ["it", ["1 giorno", "2 giorni", "5 giorni", "21 giorni"], ["1 mese", "2 mesi", "5 mesi", "21 mesi"]],
    ["ja", ["1 日", "2 日", "5 日", "21 日"], ["1 か月", "2 か月", "5 か月", "21 か月"]],
    ["nl", ["1 dag", "2 dagen", "5 dagen", "21 dagen"], ["1 maand", "2 maanden", "5 maanden", "21 maanden"]],
    ["pl", ["1 dzień", "2 dni", "5 dni", "21 dni"], ["1 miesiąc", "2 miesiące", "5 miesięcy", "21 miesięcy"]],
    ["pt", ["1 dia", "2 dias", "5 dias", "21 dias"], ["1 mês", "2 meses", "5 meses", "21 meses"]],
    ["ru", ["1 день", "2 дня", "5 дней", "21 день"], ["1 месяц", "2 месяца", "5 месяцев", "21 месяц"]],
    ["fa", ["۱ روز", "۲ روز", "۵ روز", "۲۱ روز"], ["۱ ماه", "۲ ماه", "۵ ماه", "۲۱ ماه"]],
    ["hi", ["1 दिन", "2 दिन", "5 दिन", "21 दिन"], ["1 महीना", "2 महीने", "5 महीने", "21 महीने"]],
    ["id", ["1 hari", "2 hari", "5 hari", "21 hari"], ["1 bulan", "2 bulan", "5 bulan", "21 bulan"]],
    ["ms", ["1 hari", "2 hari", "5 hari", "21 hari"], ["1 bulan", "2 bulan", "5 bulan", "21 bulan"]],
    ["th", ["1 วัน", "2 วัน", "5 วัน", "21 วัน"], ["1 เดือน", "2 เดือน", "5 เดือน", "21 เดือน"]],
    ["tr", ["1 gün", "2 gün", "5 gün", "21 gün"], ["1 ay", "2 ay", "5 ay", "21 ay"]],
    ["uk", ["1 день", "2 дні", "5 днів", "21 день"], ["1 місяць", "2 місяці", "5 місяців", "21 місяць"]],
  ] as const)("%s: 1, 2, 5, 21 days and months", (locale, days, months) => {
    // Spaces compared as plain spaces: French puts a narrow no-break space before the unit.
    const written = (unit: "day" | "month") =>
      [1, 2, 5, 21].map((count) => formatDuration(count, unit, locale).replace(/\s/gu, " "));
    expect(written("day")).toEqual(days);
    expect(written("month")).toEqual(months);
  });

  it("covers every interface language, in its own digits", () => {
    for (const locale of LOCALES) expect(formatDuration(3, "year", locale.code)).toContain(locale.numbers.digits[3]);
  });
});

describe("remainingDuration", () => {
  const HOUR = 3600;
  const DAY = 86_400;
  it.each([
    [-5, { count: 0, unit: "hour" }],
    [0, { count: 0, unit: "hour" }],
    [5 * HOUR + 59 * 60, { count: 6, unit: "hour" }],
    [DAY, { count: 1, unit: "day" }],
    [30 * DAY - 60, { count: 30, unit: "day" }],
    [89 * DAY, { count: 89, unit: "day" }],
    [89 * DAY + 1, { count: 2, unit: "month" }],
    [364 * DAY, { count: 11, unit: "month" }],
    [365 * DAY - 60, { count: 12, unit: "month" }],
    [366 * DAY, { count: 12, unit: "month" }],
    [730 * DAY - 60, { count: 2, unit: "year" }],
    [729 * DAY, { count: 23, unit: "month" }],
  ] as const)("%d s -> %o", (seconds, expected) => {
    expect(remainingDuration(seconds)).toEqual(expected);
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
  it.each([
    ["fa", 123_456_789, "۱٬۲۳۴٬۵۶۷٫۸۹"],
    ["fa", 1299, "۱۲٫۹۹"],
    ["hi", 123_456_789, "12,34,567.89"],
    ["hi", 99_999_999, "9,99,999.99"],
    ["uk", 123_450, "1\u00a0234,50"],
  ] as const)("%s writes %i as %s", (locale, amount, text) => {
    expect(formatMinorUnits(amount, locale)).toBe(text);
  });

  const amounts = [0, 5, 99, 1299, 99_999, 123_450, 1_234_567, 123_456_789];
  it.each(LOCALES.map((locale) => [locale.code, locale.iso] as const))(
    "%s writes amounts exactly as Intl.NumberFormat does",
    (code, iso) => {
      const intl = new Intl.NumberFormat(iso, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
      for (const amount of amounts) expect(formatMinorUnits(amount, code)).toBe(intl.format(amount / 100));
    },
  );
});
