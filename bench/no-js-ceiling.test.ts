import { describe, expect, it } from "vitest";
import { stripScripts } from "./no-js-ceiling";

describe("stripScripts", () => {
  it.each([
    ['<p>a</p><script type="module" src="/assets/entry.js"></script><p>b</p>', "<p>a</p><p>b</p>"],
    ['<script nonce="x">window.__reactRouterContext = {"a":"</p>"};</script><p>b</p>', "<p>b</p>"],
    ["<SCRIPT>\nrun();\n</SCRIPT >text", "text"],
    [
      '<link rel="modulepreload" href="/assets/a.js"/><link rel="stylesheet" href="/assets/a.css"/>',
      '<link rel="stylesheet" href="/assets/a.css"/>',
    ],
    ['<script type="application/ld+json">{"@type":"Article"}</script><h1>t</h1>', "<h1>t</h1>"],
  ])("%s", (html, expected) => {
    expect(stripScripts(html)).toBe(expected);
  });

  it("keeps stylesheets, images and text", () => {
    const page = '<link rel="stylesheet" href="/a.css"><img src="/i.webp" alt="x"><p>script-free</p>';
    expect(stripScripts(page)).toBe(page);
  });
});
