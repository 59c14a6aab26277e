import { describe, expect, it } from "vitest";
import { twoFactorMethods } from "./two-factor";

describe("twoFactorMethods", () => {
  it.each([
    { totp: false, passkeys: 0, methods: [] },
    { totp: true, passkeys: 0, methods: ["totp", "recovery_code"] },
    { totp: false, passkeys: 2, methods: ["passkey", "recovery_code"] },
    { totp: true, passkeys: 1, methods: ["totp", "passkey", "recovery_code"] },
  ])("totp $totp, $passkeys passkeys: $methods", ({ totp, passkeys, methods }) => {
    expect(twoFactorMethods({ totp, passkeys })).toEqual(methods);
  });
});
