import { describe, expect, it } from "vitest";
import { formatVoucherCode, normaliseVoucherCode, voucherCodeFromBytes } from "./voucher-code";

describe("normaliseVoucherCode", () => {
  it.each([
    ["ABCD-EFGH-JKMN-PQRS-TVWX", "ABCDEFGHJKMNPQRSTVWX"],
    ["abcd efgh jkmn pqrs tvwx", "ABCDEFGHJKMNPQRSTVWX"],
    ["  abcd-efgh-jkmn-pqrs-tvwx  ", "ABCDEFGHJKMNPQRSTVWX"],
    ["0000-1111-2222-3333-4444", "00001111222233334444"],
    ["OOOO-IIII-LLLL-3333-4444", "00001111111133334444"],
    ["ABCD_EFGH.JKMN-PQRS-TVWX", "ABCDEFGHJKMNPQRSTVWX"],
    ["ABCD-EFGH-JKMN-PQRS-TVW", null],
    ["ABCD-EFGH-JKMN-PQRS-TVWXY", null],
    ["ABCD-EFGH-JKMN-PQRS-TVWU", null],
    ["", null],
    ["ÄBCD-EFGH-JKMN-PQRS-TVWX", null],
  ])("%j -> %j", (input, expected) => {
    expect(normaliseVoucherCode(input)).toBe(expected);
  });
});

describe("formatVoucherCode and voucherCodeFromBytes", () => {
  it("groups by four", () => {
    expect(formatVoucherCode("ABCDEFGHJKMNPQRSTVWX")).toBe("ABCD-EFGH-JKMN-PQRS-TVWX");
  });
  it("maps each byte's low five bits to the alphabet, and the result normalises to itself", () => {
    const bytes = Uint8Array.from({ length: 20 }, (_, i) => i * 13 + 32);
    const code = voucherCodeFromBytes(bytes);
    expect(code).toHaveLength(20);
    expect(code[0]).toBe("0");
    expect(normaliseVoucherCode(formatVoucherCode(code))).toBe(code);
  });
  it("refuses too few bytes", () => {
    expect(() => voucherCodeFromBytes(new Uint8Array(19))).toThrow();
  });
});
