import { describe, expect, it } from "vitest";
import { localDigits } from "./digits";
import { LOCALES } from "./locales";

describe("localDigits", () => {
  it.each([
    ["fa", "14 روز", "۱۴ روز"],
    ["fa", "1234567890", "۱۲۳۴۵۶۷۸۹۰"],
    ["ar", "14", "14"],
    ["hi", "14", "14"],
    ["xx", "14", "14"],
  ])("%s: %s -> %s", (locale, text, written) => {
    expect(localDigits(text, locale)).toBe(written);
  });

  it.each(LOCALES.map((locale) => [locale.code, locale.iso] as const))("%s writes digits as Intl does", (code, iso) => {
    const intl = new Intl.NumberFormat(iso, { useGrouping: false });
    expect(localDigits("0123456789", code)).toBe([...Array(10).keys()].map((digit) => intl.format(digit)).join(""));
  });
});
