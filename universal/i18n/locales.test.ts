import { describe, expect, it } from "vitest";
import { localeFromAcceptLanguage, localizePath, pageNameOf, splitLocale } from "./locales";

describe("splitLocale / localizePath / pageNameOf", () => {
  it.each([
    ["/", "en", "/", "home"],
    ["/pricing/checkout/2-years", "en", "/pricing/checkout/2-years", "pricing"],
    ["/de", "de", "/", "home"],
    ["/ar/vpn-server/japan", "ar", "/vpn-server/japan", "vpn-server"],
    ["/xx/pricing", "en", "/xx/pricing", "xx"],
  ])("%s", (pathname, locale, rest, page) => {
    expect(splitLocale(pathname)).toMatchObject({ locale, rest });
    expect(pageNameOf(pathname)).toBe(page);
  });

  it("adds a prefix only for non-default languages", () => {
    expect(localizePath("/", "en")).toBe("/");
    expect(localizePath("/", "ja")).toBe("/ja");
    expect(localizePath("/pricing", "en")).toBe("/pricing");
    expect(localizePath("/pricing", "pt")).toBe("/pt/pricing");
  });
});

describe("localeFromAcceptLanguage", () => {
  it.each([
    [null, null],
    ["", null],
    ["fr-CA,fr;q=0.9", "fr"],
    ["zh-CN,ja;q=0.5", "ja"],
    ["en;q=0.2,ru;q=0.8", "ru"],
    ["de;q=0,en", "en"],
    ["*", null],
    ["PT-br", "pt"],
  ])("%s -> %s", (header, expected) => {
    expect(localeFromAcceptLanguage(header)).toBe(expected);
  });
});
