import { describe, expect, it } from "vitest";
import { isForeignWrite } from "./session";

const ours = "https://vpn.example";

describe("isForeignWrite", () => {
  it.each([
    [{ fetchSite: "same-origin" }, false, false],
    [{ fetchSite: "same-site" }, false, true],
    [{ fetchSite: "cross-site" }, false, true],
    [{ fetchSite: "none" }, false, true],
    [{ origin: ours }, false, false],
    [{ origin: "https://evil.example" }, false, true],
    // Sec-Fetch-Site wins over Origin when a browser sends both.
    [{ fetchSite: "cross-site", origin: ours }, false, true],
    // Neither header: only a write carrying the session cookie is refused.
    [{}, false, false],
    [{}, true, true],
  ])("%j with session cookie %s -> %s", (headers, hasSessionCookie, foreign) => {
    expect(isForeignWrite({ ...headers, expectedOrigin: ours, hasSessionCookie })).toBe(foreign);
  });
});
