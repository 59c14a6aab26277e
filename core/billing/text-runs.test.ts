import { describe, expect, it } from "vitest";
import { isRightToLeft, textRuns } from "./text-runs";

// Three toy fonts: ASCII, Arabic (with ASCII, as the real one has), Japanese.
const font = (test: (codePoint: number) => boolean) => ({ has: test });
const FONTS = [
  font((c) => c >= 0x20 && c < 0x7f),
  font((c) => (c >= 0x20 && c < 0x7f) || (c >= 0x600 && c <= 0x6ff)),
  font((c) => c >= 0x3000 && c <= 0x9fff),
];

describe("textRuns", () => {
  it.each([
    ["Ada Lovelace", [{ font: 0, text: "Ada Lovelace" }]],
    ["محمد العلي", [{ font: 1, text: "محمد العلي" }]],
    [
      "Dr 山田太郎",
      [
        { font: 0, text: "Dr " },
        { font: 2, text: "山田太郎" },
      ],
    ],
    [
      "Ali محمد 7",
      [
        { font: 0, text: "Ali " },
        { font: 1, text: "محمد " },
        { font: 0, text: "7" },
      ],
    ],
    [
      "رقم: DE123",
      [
        { font: 1, text: "رقم: " },
        { font: 0, text: "DE123" },
      ],
    ],
    [
      "2 نوفمبر 2026",
      [
        { font: 0, text: "2 " },
        { font: 1, text: "نوفمبر " },
        { font: 0, text: "2026" },
      ],
    ],
    ["a\u{1F600}b", [{ font: 0, text: "a?b" }]],
    ["", []],
  ])("%j", (text, expected) => {
    expect(textRuns(text, FONTS)).toEqual(expected);
  });

  it("tells Arabic runs apart", () => {
    expect(isRightToLeft("محمد")).toBe(true);
    expect(isRightToLeft("山田 Ada 12")).toBe(false);
  });
});
