import { describe, expect, it } from "vitest";
import { isNotifiedChange, SECURITY_EVENT_KINDS } from "../../universal/account/security-events";
import { securityLogCutoff } from "./security-events";

describe("securityLogCutoff", () => {
  it.each([
    ["2026-11-28T12:00:00Z", "2026-08-30T12:00:00Z"],
    ["2026-03-31T00:00:00Z", "2025-12-31T00:00:00Z"],
  ])("at %s keeps events from %s on", (now, cutoff) => {
    expect(securityLogCutoff(new Date(now)).toISOString()).toBe(new Date(cutoff).toISOString());
  });
});

describe("isNotifiedChange", () => {
  it("mails every change and no sign-in", () => {
    const notified = SECURITY_EVENT_KINDS.filter(isNotifiedChange);
    expect(notified).toEqual([
      "password_changed",
      "email_changed",
      "email_restored",
      "two_factor_enabled",
      "two_factor_disabled",
      "passkey_added",
      "passkey_removed",
    ]);
  });
});
