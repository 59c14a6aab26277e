import { describe, expect, it } from "vitest";
import { headerActions } from "./header-actions";

describe("headerActions", () => {
  it.each([
    { signedIn: false, expected: ["login:/login", "getVpn:/pricing*"] },
    { signedIn: true, expected: ["myAccount:/myaccount*"] },
  ])("signed in $signedIn: $expected", ({ signedIn, expected }) => {
    const shown = headerActions(signedIn).map((a) => `${a.key}:${a.path}${a.primary ? "*" : ""}`);
    expect(shown).toEqual(expected);
  });
});
