import { describe, expect, it } from "vitest";
import { localeFromReferer } from "./referer-locale";

describe("localeFromReferer", () => {
  it.each([
    ["https://vpn.example.com/de/login", "de"],
    ["https://vpn.example.com/ar/pricing/checkout/1-year?x=1", "ar"],
    ["https://vpn.example.com/login", "en"],
    ["https://vpn.example.com/", "en"],
    ["/ja/myaccount", "ja"],
    ["https://vpn.example.com/xx/login", "en"],
  ])("%s -> %s", (referer, locale) => {
    expect(localeFromReferer(referer)).toBe(locale);
  });

  it.each([
    undefined,
    "",
    "http://[::1",
    "http://[::1]:99999/de/login",
    "https://exa mple.com/de/",
    "http://%%%/de/",
    "http://a:b:c@/de",
  ])("ignores %j", (referer) => {
    expect(localeFromReferer(referer)).toBeNull();
  });

  it("reads garbage that still resolves as a path without failing", () => {
    expect(localeFromReferer("%%%")).toBe("en");
    expect(localeFromReferer(`https://vpn.example.com/de/${"a".repeat(16_000)}`)).toBe("de");
  });
});
