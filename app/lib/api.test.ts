import { describe, expect, it } from "vitest";
import { sendsToLogin } from "./api";

describe("sendsToLogin", () => {
  it.each([
    [401, 401, true],
    [403, 40300, true],
    // A disabled account's sign-in is shown on the form (decision 058), not sent back to it.
    [403, 40220, false],
    [403, 40250, false],
    [403, 40251, false],
    [403, 40252, false],
    [409, 40221, false],
    [400, 40101, false],
  ])("status %i, code %i → %s", (status, code, expected) => {
    expect(sendsToLogin(status, code)).toBe(expected);
  });
});
