import { describe, expect, it } from "vitest";
import { formatAccountNumber, parseAccountNumber } from "./account-number";

describe("formatAccountNumber", () => {
  it.each([
    ["1234567812345678", "1234 5678 1234 5678"],
    ["0000000000000000", "0000 0000 0000 0000"],
    ["123456781234567", "123456781234567"],
    ["12345678123456789", "12345678123456789"],
    ["", ""],
  ])("%j -> %j", (input, shown) => {
    expect(formatAccountNumber(input)).toBe(shown);
  });
});

describe("parseAccountNumber", () => {
  it.each([
    ["1234567812345678", "1234567812345678"],
    ["1234 5678 1234 5678", "1234567812345678"],
    ["  1234-5678-1234-5678 ", "1234567812345678"],
    ["1234.5678.1234.5678", "1234567812345678"],
    ["1234\u00a05678\u202f1234\t5678", "1234567812345678"],
    ["٠١٢٣ ٤٥٦٧ ٨٩٠١ ٢٣٤٥", "0123456789012345"],
    ["۰۱۲۳۴۵۶۷۸۹۰۱۲۳۴۵", "0123456789012345"],
    ["०१२३४५६७८९०१२३४५", "0123456789012345"],
    ["๐๑๒๓๔๕๖๗๘๙๐๑๒๓๔๕", "0123456789012345"],
    ["１２３４５６７８１２３４５６７８", "1234567812345678"],
    ["1234 5678 1234 567", null],
    ["1234 5678 1234 56789", null],
    ["1234 5678 1234 567a", null],
    ["1234_5678_1234_5678", null],
    ["", null],
    ["1".repeat(65), null],
  ])("%j -> %j", (input, digits) => {
    expect(parseAccountNumber(input)).toBe(digits);
  });

  it("reads back what it formats", () => {
    expect(parseAccountNumber(formatAccountNumber("9081726354453627"))).toBe("9081726354453627");
  });
});
