import { describe, expect, it } from "vitest";
import { canCancelRenewal, sessionClient } from "./customer-rules";

describe("canCancelRenewal", () => {
  it.each([
    ["active", true, false, true],
    ["past_due", true, false, true],
    ["active", false, false, false],
    ["active", true, true, false],
    ["canceled", true, false, false],
    ["expired", true, false, false],
    ["pending", true, false, false],
  ] as const)("%s, renewing %s, prepaid %s → %s", (status, autoRenew, prepaid, expected) => {
    expect(canCancelRenewal({ status, auto_renew: autoRenew, prepaid })).toBe(expected);
  });
});

describe("sessionClient", () => {
  it.each([
    [{ app_name: "Web", browser: "Firefox", os: "Linux", country: "DE" }, "Firefox · Linux · DE"],
    [{ app_name: "Master", browser: null, os: "Android", country: null }, "Master · Android"],
    [{ app_name: "Web", browser: null, os: null, country: null }, "Web"],
  ])("%j → %s", (session, expected) => {
    expect(sessionClient(session)).toBe(expected);
  });
});
