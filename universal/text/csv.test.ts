import { describe, expect, it } from "vitest";
import { csvCell, csvDocument } from "./csv";

describe("a CSV cell", () => {
  it.each([
    ["plain", "plain"],
    [42, "42"],
    [null, ""],
    ["", ""],
    ["a,b", '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ["two\nlines", '"two\nlines"'],
    // Formula signs are defused with an apostrophe (CSV injection).
    ['=HYPERLINK("http://x")', '"\'=HYPERLINK(""http://x"")"'],
    ["+1", "'+1"],
    ["-1+2", "'-1+2"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tcmd", "'\tcmd"],
    ["=1,2", '"\'=1,2"'],
    ["a=b", "a=b"],
  ] as const)("%j -> %j", (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it("writes a header row and CRLF lines", () => {
    expect(
      csvDocument(
        ["day", "n"],
        [
          ["2026-11-01", 0],
          ["2026-11-02", 3],
        ],
      ),
    ).toBe("day,n\r\n2026-11-01,0\r\n2026-11-02,3\r\n");
  });
});
