import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { inlineSvg, svgProblem } from "./svg";

const open = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">';
const svg = (inner: string) => `${open}${inner}</svg>`;

describe("svgProblem", () => {
  it.each([
    [svg('<path d="M0 0h32v32z"/>'), null],
    [`<?xml version="1.0"?>\n<!-- made by hand -->\n${svg('<path d="M0 0"/>')}\n`, null],
    [svg('<defs><linearGradient id="g"/></defs><path fill="url(#g)" d="M0 0"/><use href="#g"/>'), null],
    ["<html></html>", "does not start with an <svg> element"],
    ['<svg viewBox="0 0 1 1"></svg>', 'lacks xmlns="http://www.w3.org/2000/svg" on its <svg> element'],
    ['<svg xmlns="http://www.w3.org/2000/svg"></svg>', "lacks a viewBox on its <svg> element"],
    [`${open}<path d="M0 0"/>`, "does not end with </svg>"],
    [svg("<script>alert(1)</script>"), "has a <script> element"],
    [svg('<path onclick="alert(1)" d="M0 0"/>'), "has an event-handler attribute (on…=)"],
    [svg('<image href="https://cdn.example/logo.png"/>'), "has a link or reference to another file (href)"],
    [svg('<use xlink:href="other.svg#mark"/>'), "has a link or reference to another file (href)"],
    [svg('<a href="javascript:alert(1)"><path d="M0 0"/></a>'), "has a link or reference to another file (href)"],
    [svg('<path fill="url(https://x.example/p.svg#a)" d="M0 0"/>'), "refers to another file (url(…))"],
    [svg("<foreignObject><div/></foreignObject>"), "has a <foreignObject> element"],
    [`<!DOCTYPE svg [<!ENTITY x "y">]>${svg("")}`, "does not start with an <svg> element"],
    [
      svg('<style>path{fill:red}</style><path d="M0 0"/>'),
      "has style elements or attributes, which the CSP blocks inline: use fill= and stroke=",
    ],
    [
      svg('<path style="fill:red" d="M0 0"/>'),
      "has style elements or attributes, which the CSP blocks inline: use fill= and stroke=",
    ],
    [svg(`<path d="${"M0 0 ".repeat(8000)}"/>`), "is over 32 KB"],
  ])("%#: %s", (source, expected) => {
    expect(svgProblem(source, { inline: true })).toBe(expected);
  });

  it("allows styles in a file that is not inlined (the favicon)", () => {
    expect(svgProblem(svg('<path style="fill:red" d="M0 0"/>'), { inline: false })).toBeNull();
  });

  it.each(["content/brand", "tests/fixtures/brand-northwind"])("passes the files of %s", (dir) => {
    expect(svgProblem(readFileSync(`${dir}/logo.svg`, "utf8"), { inline: true })).toBeNull();
    expect(svgProblem(readFileSync(`${dir}/favicon.svg`, "utf8"), { inline: false })).toBeNull();
  });
});

describe("inlineSvg", () => {
  it("drops the declaration, comments, title and fixed size, and hides the mark from assistive technology", () => {
    const source = `<?xml version="1.0"?><!-- c -->\n<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 32 32">\n  <title>Acme</title>\n  <desc>The Acme mark</desc>\n  <path d="M0 0"/>\n</svg>\n`;
    expect(inlineSvg(source)).toBe(
      '<svg aria-hidden="true" focusable="false" width="100%" height="100%" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><path d="M0 0"/></svg>',
    );
  });
});
