import { describe, expect, it } from "vitest";
import { type Catalogue, withinKeyDepth } from "./namespaces";

describe("withinKeyDepth", () => {
  it.each<[string, Catalogue, Catalogue]>([
    ["a flat catalogue stays", { title: "Pricing", intro: "Plans" }, { title: "Pricing", intro: "Plans" }],
    ["three levels stay", { faq: { q1: { text: "Why?" } } }, { faq: { q1: { text: "Why?" } } }],
    ["a fourth level goes", { faq: { q1: { text: { long: "Too deep" } } } }, { faq: { q1: {} } }],
    [
      "only the deep branch goes",
      { a: "1", b: { c: "2", d: { e: "3", f: { g: "4" } } } },
      { a: "1", b: { c: "2", d: { e: "3" } } },
    ],
  ])("%s", (_name, catalogue, expected) => {
    expect(withinKeyDepth(catalogue)).toEqual(expected);
  });
});
