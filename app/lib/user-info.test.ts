import { describe, expect, it } from "vitest";
import { afterPayment, signedInFrom, type UserInfo } from "./user-info";

describe("signedInFrom", () => {
  it.each([
    { stored: true, serverSawSession: false, signedOutHere: false, expected: true },
    { stored: true, serverSawSession: true, signedOutHere: false, expected: true },
    { stored: false, serverSawSession: true, signedOutHere: false, expected: true },
    { stored: false, serverSawSession: true, signedOutHere: true, expected: false },
    { stored: false, serverSawSession: false, signedOutHere: false, expected: false },
    { stored: false, serverSawSession: false, signedOutHere: true, expected: false },
  ])(
    "stored $stored, server saw a session $serverSawSession, signed out here $signedOutHere: $expected",
    ({ expected, ...state }) => {
      expect(signedInFrom(state)).toBe(expected);
    },
  );
});

describe("afterPayment (SPEC §3)", () => {
  const info = (password_set: boolean): UserInfo => ({
    name: "buyer@example.com",
    avatar: "",
    password_set,
    setPassword: false,
    paysuc: false,
    user_id: 7,
    vip: { remain_time: 0, is_vip: false },
  });
  it.each([
    { what: "an anonymous purchase asks for a password", passwordSet: false, setPassword: true },
    { what: "an account with a password is not asked", passwordSet: true, setPassword: false },
  ])("$what, and marks the payment", ({ passwordSet, setPassword }) => {
    expect(afterPayment(info(passwordSet))).toEqual({ ...info(passwordSet), paysuc: true, setPassword });
  });
});
