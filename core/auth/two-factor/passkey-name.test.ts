import { describe, expect, it } from "vitest";
import { passkeyName } from "./passkeys";

describe("passkeyName", () => {
  it.each([
    ["Chrome · Android", "Chrome · Android"],
    ["  YubiKey   5C  ", "YubiKey 5C"],
    ["key\u0000\u0007 one\n", "key one"],
    ["مفتاح العمل", "مفتاح العمل"],
    ["x".repeat(80), "x".repeat(60)],
    ["🔑".repeat(70), "🔑".repeat(60)],
    ["   ", null],
    ["", null],
    [null, null],
  ])("%j -> %j", (input, stored) => {
    expect(passkeyName(input)).toBe(stored);
  });
});
