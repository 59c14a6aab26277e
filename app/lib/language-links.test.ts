import { describe, expect, it } from "vitest";
import { languageHref } from "./language-links";

describe("languageHref: the page in another language keeps the visitor's query and hash", () => {
  it.each([
    ["/de/pricing", "", "", "/de/pricing"],
    ["/de/pricing", "?plan=year", "", "/de/pricing?plan=year"],
    ["/ar/blog/search", "?q=vpn", "#results", "/ar/blog/search?q=vpn#results"],
    // Run again after the address changed: the old query and hash are replaced, not appended to.
    ["/ja/features?old=1#top", "?new=2", "#faq", "/ja/features?new=2#faq"],
    ["/features#top", "", "", "/features"],
  ])("%s + %s%s -> %s", (path, search, hash, expected) => {
    expect(languageHref(path, search, hash)).toBe(expected);
  });
});
