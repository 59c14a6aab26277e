import { describe, expect, it } from "vitest";
import { INVITE_CODE_LENGTH, inviteCodeFromBytes, inviteLinks, normaliseInviteCode } from "./invite-code";

describe("invite codes", () => {
  it.each([
    ["K7Q2M9XD3H", "K7Q2M9XD3H"],
    [" k7q2m9xd3h ", "K7Q2M9XD3H"],
    ["K7Q2M9XD3", null],
    ["K7Q2M9XD3HH", null],
    ["K7Q2M9XD3U", null],
    ["K7Q2M9XD3-", null],
    ["", null],
  ])("%j -> %s", (input, expected) => {
    expect(normaliseInviteCode(input)).toBe(expected);
  });
  it("makes codes of the alphabet from random bytes", () => {
    const code = inviteCodeFromBytes(new Uint8Array(INVITE_CODE_LENGTH).map((_, i) => i * 37));
    expect(normaliseInviteCode(code)).toBe(code);
    expect(() => inviteCodeFromBytes(new Uint8Array(3))).toThrow();
  });
  it("links with from=invite, and the short one", () => {
    expect(inviteLinks("https://vpn.example.com", "K7Q2M9XD3H")).toEqual({
      link: "https://vpn.example.com/?from=invite&invite_code=K7Q2M9XD3H&invite_type=friend",
      shortLink: "https://vpn.example.com/i/K7Q2M9XD3H",
    });
  });
});
