import { describe, expect, it } from "vitest";
import { readingMinutes, renderMarkdown, splitFrontMatter } from "./markdown.server";

describe("splitFrontMatter", () => {
  it("reads YAML front matter and leaves dates as text", () => {
    const { data, body } = splitFrontMatter(
      '---\ntitle: "Hi"\npublished: 2026-05-01\ntags: [a, b]\n---\n\nBody text\n',
    );
    expect(data).toEqual({ title: "Hi", published: "2026-05-01", tags: ["a", "b"] });
    expect(body.trim()).toBe("Body text");
  });

  it("treats a file without front matter as all body", () => {
    expect(splitFrontMatter("Just text")).toEqual({ data: {}, body: "Just text" });
  });
});

describe("renderMarkdown", () => {
  const source = [
    "Intro with a [link](/pricing) and an [outside one](https://example.org).",
    "",
    "## First section",
    "",
    "### A detail",
    "",
    "## First section",
    "",
    "| a | b |",
    "|---|---|",
    "| 1 | 2 |",
    "",
    "## 日本語の見出し",
  ].join("\n");
  const rendered = renderMarkdown(source, { localizeLink: (path) => `/de${path}` });

  it("gives headings unique ids and lists them for the table of contents", () => {
    expect(rendered.headings).toEqual([
      { id: "first-section", text: "First section", depth: 2 },
      { id: "a-detail", text: "A detail", depth: 3 },
      { id: "first-section-1", text: "First section", depth: 2 },
      { id: "日本語の見出し", text: "日本語の見出し", depth: 2 },
    ]);
    expect(rendered.html).toContain('<h2 id="first-section-1">First section</h2>');
  });

  it("keeps site links in the reader's language and makes outside links safe", () => {
    expect(rendered.html).toContain('<a href="/de/pricing">link</a>');
    expect(rendered.html).toContain('<a href="https://example.org" rel="noopener noreferrer">outside one</a>');
  });

  it("wraps tables so they scroll on narrow screens, and gives plain text", () => {
    expect(rendered.html).toContain('<div class="table-scroll" tabindex="0"><table>');
    expect(rendered.text.startsWith("Intro with a link and an outside one.")).toBe(true);
  });
});

describe("readingMinutes", () => {
  it("counts words, or characters in Japanese and Thai, and never says zero", () => {
    expect(readingMinutes(Array(460).fill("word").join(" "), "en")).toBe(2);
    expect(readingMinutes("あ".repeat(1500), "ja")).toBe(3);
    // Thai separates sentences, not words, with spaces: 12 "words" of 125 characters are 3 minutes.
    expect(readingMinutes(Array(12).fill("ก".repeat(125)).join(" "), "th")).toBe(3);
    expect(readingMinutes(Array(460).fill("शब्द").join(" "), "hi")).toBe(2);
    expect(readingMinutes("short", "en")).toBe(1);
  });
});
