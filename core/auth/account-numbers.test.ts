import { describe, expect, it } from "vitest";
import { accountNumberHash, generateAccountNumber } from "./account-numbers";

describe("generateAccountNumber", () => {
  it.each([
    ["all zeros", () => 0, "0000000000000000"],
    ["all nines", () => 9, "9999999999999999"],
  ])("%s", (_name, random, expected) => {
    expect(generateAccountNumber(random)).toBe(expected);
  });

  it("asks the random source for one digit below ten at a time", () => {
    const asked: number[] = [];
    generateAccountNumber((max) => {
      asked.push(max);
      return asked.length % 10;
    });
    expect(asked).toEqual(Array(16).fill(10));
  });

  it("draws 16 digits from the CSPRNG, differently each time", () => {
    const numbers = new Set(Array.from({ length: 50 }, () => generateAccountNumber()));
    expect(numbers.size).toBe(50);
    for (const number of numbers) expect(number).toMatch(/^\d{16}$/);
  });
});

describe("accountNumberHash", () => {
  const secret = "s".repeat(32);
  it("is a keyed hash: the same number under another key differs, and it is not the number", () => {
    const hash = accountNumberHash(secret, "1234567812345678");
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).toBe(accountNumberHash(secret, "1234567812345678"));
    expect(hash).not.toBe(accountNumberHash("t".repeat(32), "1234567812345678"));
    expect(hash).not.toBe(accountNumberHash(secret, "1234567812345679"));
    expect(hash).not.toContain("1234567812345678");
  });
});
