import { describe, expect, it } from "vitest";
import { redirectTarget, sameSiteRedirect } from "./redirect-target";

const origin = "https://vpn.example.com";
const allowed = ["help.vpn.example", "apps.apple.com", "play.google.com"];

describe("redirectTarget", () => {
  it.each([
    // On this site: given back as a clean path.
    ["/pricing?x=1#y", "/pricing?x=1#y"],
    ["/de/myaccount", "/de/myaccount"],
    ["https://vpn.example.com/pricing", "/pricing"],
    ["HTTPS://VPN.EXAMPLE.COM/Pricing", "/Pricing"],
    ["https://vpn.example.com:443/pricing", "/pricing"],
    // Percent-encoded tab or slash is a path segment here, never a host.
    ["/%09/evil.example", "/%09/evil.example"],
    ["/%2F/evil.example", "/%2F/evil.example"],
    ["/%5Cevil.example", "/%5Cevil.example"],
    // Same scheme without slashes is relative in a browser: it stays on the site.
    ["https:evil.example", "/evil.example"],
    ["https:/evil.example", "/evil.example"],
    // A path that starts with two slashes is collapsed, never handed back as //host.
    ["https://vpn.example.com//evil.example", "/evil.example"],
    ["/./evil.example", "/evil.example"],
    ["pricing", "/pricing"],
  ])("keeps %j on the site as %j", (raw, href) => {
    expect(redirectTarget(raw, origin, allowed)).toEqual({ status: "ok", href, host: null });
  });

  it.each([
    ["https://apps.apple.com/app/id1", "https://apps.apple.com/app/id1", "apps.apple.com"],
    ["HTTPS://Apps.Apple.COM/app", "https://apps.apple.com/app", "apps.apple.com"],
    ["https://eu.help.vpn.example/a", "https://eu.help.vpn.example/a", "eu.help.vpn.example"],
    ["http://play.google.com/store", "http://play.google.com/store", "play.google.com"],
    ["https://apps.apple.com:443/x", "https://apps.apple.com/x", "apps.apple.com"],
  ])("lets %j go to an allow-listed host", (raw, href, host) => {
    expect(redirectTarget(raw, origin, allowed)).toEqual({ status: "ok", href, host });
  });

  it.each([
    // Protocol-relative, and the ways browsers turn other input into it.
    ["//evil.example", "evil.example"],
    ["///evil.example", "evil.example"],
    ["/\\evil.example", "evil.example"],
    ["\\\\evil.example", "evil.example"],
    ["\\/evil.example", "evil.example"],
    ["/\t/evil.example", "evil.example"],
    ["/\n/evil.example", "evil.example"],
    ["/\r\n/evil.example", "evil.example"],
    ["\t//evil.example", "evil.example"],
    ["  //evil.example  ", "evil.example"],
    ["HTTPS://EVIL.EXAMPLE/", "evil.example"],
    // Another scheme than the site's, written without slashes.
    ["http:evil.example", "evil.example"],
    // Credentials: the real host is after the @.
    ["https://vpn.example.com@evil.example", "evil.example"],
    ["https://vpn.example.com:443@evil.example/", "evil.example"],
    ["https://apps.apple.com@evil.example/", "evil.example"],
    ["https://evil.example\\@vpn.example.com", "evil.example"],
    ["https://evil.example#@vpn.example.com", "evil.example"],
    ["https://user:pass@apps.apple.com/", "apps.apple.com"],
    ["https://user@vpn.example.com/pricing", "vpn.example.com"],
    // Look-alikes of the site and of allowed hosts.
    ["https://vpn.example.com.evil.example/", "vpn.example.com.evil.example"],
    ["https://apps.apple.com.evil.example/", "apps.apple.com.evil.example"],
    ["https://apps.apple.com%2eevil.example/", "apps.apple.com.evil.example"],
    ["https://evilapps.apple.com/", "evilapps.apple.com"],
    ["https://evil.example/?apps.apple.com", "evil.example"],
    ["https://apps.apple.com./x", "apps.apple.com."],
    // This site's host on another scheme or port is another origin.
    ["http://vpn.example.com/pricing", "vpn.example.com"],
    ["https://vpn.example.com:8443/pricing", "vpn.example.com"],
  ])("refuses %j (host %j)", (raw, host) => {
    expect(redirectTarget(raw, origin, allowed)).toEqual({ status: "refused", host });
  });

  it.each([
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "java\tscript:alert(1)",
    " javascript:alert(1)",
    "\u0000javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "DATA:text/html,hi",
    "ftp://play.google.com/",
    "mailto:someone@evil.example",
    "https://[::1",
  ])("refuses the scheme or the shape of %j", (raw) => {
    expect(redirectTarget(raw, origin, allowed)).toEqual({ status: "refused", host: null });
  });

  it("says when there is no target at all", () => {
    expect(redirectTarget(null, origin, allowed)).toEqual({ status: "missing" });
    expect(redirectTarget(undefined, origin)).toEqual({ status: "missing" });
    expect(redirectTarget("  ", origin, allowed)).toEqual({ status: "missing" });
  });

  it("allows no other host when none is listed", () => {
    expect(redirectTarget("https://apps.apple.com/app", origin)).toEqual({ status: "refused", host: "apps.apple.com" });
    expect(redirectTarget("/pricing", "http://127.0.0.1:3000")).toEqual({ status: "ok", href: "/pricing", host: null });
  });
});

describe("sameSiteRedirect (the login page's ?redirect=)", () => {
  it.each([
    ["/myaccount", "/myaccount"],
    ["/de/myaccount?tab=devices", "/de/myaccount?tab=devices"],
    ["https://vpn.example.com/myaccount", "/myaccount"],
    [null, "/fallback"],
    ["", "/fallback"],
    ["//evil.example", "/fallback"],
    ["/\\evil.example", "/fallback"],
    ["/\t/evil.example", "/fallback"],
    ["https://apps.apple.com/app", "/fallback"],
    ["https://vpn.example.com@evil.example", "/fallback"],
    ["javascript:alert(document.cookie)", "/fallback"],
    ["data:text/html,hi", "/fallback"],
  ])("sends a visitor who asked for %j to %j", (raw, href) => {
    expect(sameSiteRedirect(raw, origin, "/fallback")).toBe(href);
  });
});
