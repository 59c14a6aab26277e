import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ifNoneMatchHits, inlineScriptHashes, inlineStyleHashes, staticPage, strongEtag } from "./static-page";

const hash = (code: string) => `'sha256-${createHash("sha256").update(code).digest("base64")}'`;

describe("inlineScriptHashes", () => {
  it.each([
    ["a classic inline script", "<script>a()</script>", [hash("a()")]],
    [
      "a module with attributes",
      '<script nonce="n" type="module" async="">import("/x.js")</script>',
      [hash('import("/x.js")')],
    ],
    ["an explicit JavaScript type", "<script type='text/javascript'>b()</script>", [hash("b()")]],
    ["an external script (allowed by 'self', not by hash)", '<script src="/assets/a.js"></script>', []],
    ["a JSON-LD block (data, never run)", '<script type="application/ld+json">{"a":1}</script>', []],
    ["the same code twice, once", "<script>c()</script><script>c()</script>", [hash("c()")]],
    ["code over several lines, as is", "<script>\n  d();\n</script>", [hash("\n  d();\n")]],
  ])("%s", (_name, html, expected) => {
    expect(inlineScriptHashes(html)).toEqual(expected);
  });
});

describe("staticPage", () => {
  it("drops the nonce placeholder, swaps the origin and hashes the code as served", () => {
    const page = staticPage(
      '<link rel="canonical" href="https://o.invalid/x"/><script nonce="PH">f("https://o.invalid")</script>' +
        '<style nonce="PH">p{}</style>',
      { noncePlaceholder: "PH", fromOrigin: "https://o.invalid", toOrigin: "https://vpn.example.com" },
    );
    expect(page.html).toBe(
      '<link rel="canonical" href="https://vpn.example.com/x"/><script>f("https://vpn.example.com")</script><style>p{}</style>',
    );
    expect(page.scriptHashes).toEqual([hash('f("https://vpn.example.com")')]);
    expect(page.styleHashes).toEqual([hash("p{}")]);
    expect(inlineStyleHashes("<p>no style</p>")).toEqual([]);
  });
});

describe("ifNoneMatchHits", () => {
  const etag = strongEtag("page", "br");
  it.each([
    [undefined, false],
    ["", false],
    [etag, true],
    [`W/${etag}`, true],
    [`"other", ${etag}`, true],
    ['"other"', false],
    [strongEtag("page", "identity"), false],
    ["*", true],
  ])("%s → %s", (header, expected) => {
    expect(ifNoneMatchHits(header, etag)).toBe(expected);
  });
});
