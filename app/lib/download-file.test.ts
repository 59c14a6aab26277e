import { describe, expect, it } from "vitest";
import { attachmentName } from "./download-file";

describe("attachmentName", () => {
  it.each([
    ['attachment; filename="account-data-2026-11-28.json"', "account-data-2026-11-28.json"],
    ["attachment", "fallback.json"],
    [null, "fallback.json"],
    ['attachment; filename="../etc/passwd"', "fallback.json"],
  ])("%s gives %s", (header, expected) => {
    expect(attachmentName(header, "fallback.json")).toBe(expected);
  });
});
