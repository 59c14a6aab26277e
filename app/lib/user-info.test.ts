import { describe, expect, it } from "vitest";
import { signedInFrom } from "./user-info";

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
