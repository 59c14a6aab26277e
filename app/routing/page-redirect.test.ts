import { describe, expect, it } from "vitest";
import { decidePageRedirect, isPagePath } from "./page-redirect";

describe("decidePageRedirect", () => {
  it.each([
    // [pathname, search, cookie, accept-language, expected]
    ["/", "", null, null, null],
    ["/pricing", "?plan=1", null, "en-US,en;q=0.9", null],
    ["/de/pricing", "", null, "fr", null],
    ["/home", "", null, null, { status: 301, location: "/" }],
    ["/home", "?a=1&b=2", null, null, { status: 301, location: "/?a=1&b=2" }],
    ["/de/home", "", null, null, { status: 301, location: "/de" }],
    ["/en", "", null, null, { status: 301, location: "/" }],
    ["/en/pricing", "?x=1", null, null, { status: 301, location: "/pricing?x=1" }],
    ["/en/home", "", null, null, { status: 301, location: "/" }],
    ["//pricing///checkout", "", null, null, { status: 301, location: "/pricing/checkout" }],
    ["//en//home", "?q=1", null, null, { status: 301, location: "/?q=1" }],
    ["/pricing/", "", null, null, { status: 301, location: "/pricing" }],
    ["/de/", "", null, null, { status: 301, location: "/de" }],
    ["/pricing", "?x=1", "de", null, { status: 302, location: "/de/pricing?x=1" }],
    ["/", "", "ar", null, { status: 302, location: "/ar" }],
    ["/pricing", "", "en", "de-DE,de", null],
    ["/pricing", "", null, "de-CH,de;q=0.9,en;q=0.8", { status: 302, location: "/de/pricing" }],
    ["/pricing", "", null, "zh-CN,zh;q=0.9", null],
    ["/pricing", "", "xx", "de", null],
    ["/home", "", "de", null, { status: 301, location: "/" }],
  ])("%s%s (cookie %s, accept %s)", (pathname, search, cookieLocale, acceptLanguage, expected) => {
    expect(decidePageRedirect({ pathname, search, cookieLocale, acceptLanguage })).toEqual(expected);
  });
});

describe("isPagePath", () => {
  it.each([
    ["/", true],
    ["/pricing", true],
    ["/de/pricing/checkout/1-year", true],
    ["/blog/public-wifi-safety", true],
    ["/no-such-page", true],
    ["//pricing", true],
    ["/__manifest", false],
    ["/de/__manifest", false],
    ["/pricing.data", false],
    ["/de/blog/public-wifi-safety.data", false],
    ["/_root.data", false],
    ["/api/mms/payment/v1/providers/plans", false],
    ["/api/webhooks/stripe/production", false],
    ["/ws/mm/reca/r3/account/v1/web/anonymous_signup", false],
    ["/l10n/prices", false],
    ["/assets/entry.client-abc.js", false],
    ["/sandbox/checkout/abc", false],
    ["/dev/outbox", false],
    ["/flags/gb.svg", false],
    ["/healthz", false],
    ["/readyz", false],
    ["/sitemap.xml", false],
    ["/robots.txt", false],
    ["/build.json", false],
    ["/blog/rss.xml", false],
    ["/de/blog/atom.xml", false],
  ])("%s -> %s", (pathname, expected) => {
    expect(isPagePath(pathname)).toBe(expected);
  });
});
