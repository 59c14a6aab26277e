import { describe, expect, it } from "vitest";
import { redirectTarget } from "./redirect-target";

const allowed = ["help.vpn.example", "apps.apple.com", "play.google.com"];

describe("redirectTarget", () => {
  it("allows paths on this site and allow-listed hosts and their subdomains", () => {
    expect(redirectTarget("/pricing?x=1#y", allowed)).toEqual({ status: "ok", href: "/pricing?x=1#y", host: null });
    expect(redirectTarget("https://apps.apple.com/app/id1", allowed)).toEqual({
      status: "ok",
      href: "https://apps.apple.com/app/id1",
      host: "apps.apple.com",
    });
    expect(redirectTarget("https://eu.help.vpn.example/a", allowed)).toMatchObject({ status: "ok" });
    expect(redirectTarget("HTTPS://PLAY.GOOGLE.COM/store", allowed)).toMatchObject({ status: "ok" });
  });

  it("refuses other hosts, look-alikes, other schemes and tricks", () => {
    for (const url of [
      "https://evil.example/",
      "https://apps.apple.com.evil.example/",
      "https://evilapps.apple.com.example/",
      "//evil.example/path",
      "/\\evil.example",
      "javascript:alert(1)",
      "data:text/html,hi",
      "https://user:pass@apps.apple.com/",
      "ftp://play.google.com/",
      "not a url",
    ]) {
      expect(redirectTarget(url, allowed).status).toBe("refused");
    }
    expect(redirectTarget("https://evil.example/", allowed)).toEqual({ status: "refused", host: "evil.example" });
  });

  it("says when there is no target at all", () => {
    expect(redirectTarget(null, allowed)).toEqual({ status: "missing" });
    expect(redirectTarget("  ", allowed)).toEqual({ status: "missing" });
  });
});
