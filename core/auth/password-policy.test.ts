import { describe, expect, it } from "vitest";
import { isCommonPassword, newPasswordSchema } from "./password-policy";

// The shared rules (universal/validation/account-rules.ts) are tested beside them; this is the server's addition.
const firstError = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? "?");

describe("password rule (SPEC §5)", () => {
  it("refuses common passwords on the server", () => {
    expect(isCommonPassword("P@ssw0rd")).toBe(true);
    expect(isCommonPassword("Sturdy-Pass9!")).toBe(false);
    expect(firstError(newPasswordSchema.safeParse("P@ssw0rd"))).toBe("password.common");
    expect(firstError(newPasswordSchema.safeParse("Sturdy-Pass9!"))).toBeNull();
  });
});
