import { describe, expect, it } from "vitest";
import { emailIssue, passwordIssue, verificationCodeIssue } from "./account-checks";
import { emailSchema, passwordChecks, passwordSchema, verificationCodeSchema } from "./account-rules";

const firstError = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? "?");

describe("e-mail rule (SPEC §5)", () => {
  it.each([
    ["user@example.com", null],
    ["First.Last_9-x@mail.example.co", null],
    ["  spaced@example.com  ", null],
    ["", "email.required"],
    ["no-at-sign.example.com", "email.invalid"],
    ["user@Example.com", null],
    ["user@example.c0m", "email.invalid"],
    ["user@example", "email.invalid"],
    ["us+er@example.com", "email.invalid"],
    ["user@exa_mple.com", "email.invalid"],
    ["user@@example.com", "email.invalid"],
    [`${"a".repeat(250)}@example.com`, "email.invalid"],
  ])("%j -> %s", (value, expected) => {
    expect(firstError(emailSchema.safeParse(value))).toBe(expected);
    // The browser's zod-free check answers the same.
    expect(emailIssue(value) ?? null).toBe(expected);
  });
});

describe("password rule (SPEC §5)", () => {
  it.each([
    ["Abcdef1!", null],
    ["aB#aB#aB#aB#aB#aB#aB", null],
    ["", "password.required"],
    ["Ab1!", "password.length"],
    ["aB#aB#aB#aB#aB#aB#aB#", "password.length"],
    ["Abc def1!", "password.characters"],
    ["Abcdéf1!", "password.characters"],
    ["ABCDEFG1!", "password.lowercase"],
    ["abcdefg1!", "password.uppercase"],
    ["Abcdefg12", "password.symbol"],
  ])("%j -> %s", (value, expected) => {
    expect(firstError(passwordSchema.safeParse(value))).toBe(expected);
    expect(passwordIssue(value) ?? null).toBe(expected);
  });

  it("reports each rule for the hints", () => {
    expect(passwordChecks("abc")).toEqual({
      length: false,
      characters: true,
      lowercase: true,
      uppercase: false,
      symbol: false,
    });
    expect(Object.values(passwordChecks("Abcdef1!")).every(Boolean)).toBe(true);
  });
});

describe("verification code", () => {
  it.each([
    ["123456", null],
    [" 012345 ", null],
    ["12345", "code.invalid"],
    ["1234567", "code.invalid"],
    ["12a456", "code.invalid"],
  ])("%j -> %s", (value, expected) => {
    expect(firstError(verificationCodeSchema.safeParse(value))).toBe(expected);
    expect(verificationCodeIssue(value) ?? null).toBe(expected);
  });
});
