import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { API_ERRORS, messageKeyForCode } from "./errors";

const formsCatalogue = JSON.parse(readFileSync("locales/en/forms.json", "utf8")) as { api: Record<string, string> };

describe("the API's error catalogue", () => {
  it("gives one status and one page message per code", () => {
    const byCode = new Map<number, { status: number; messageKey: string }>();
    for (const [name, entry] of Object.entries(API_ERRORS)) {
      const first = byCode.get(entry.code);
      if (first) expect({ name, status: entry.status, messageKey: entry.messageKey }).toEqual({ name, ...first });
      else byCode.set(entry.code, { status: entry.status, messageKey: entry.messageKey });
    }
  });

  it("names only messages the forms catalogue has", () => {
    for (const entry of Object.values(API_ERRORS)) {
      const key = entry.messageKey.replace(/^api\./, "");
      expect(formsCatalogue.api[key], entry.messageKey).toEqual(expect.any(String));
    }
  });

  it.each([
    [40101, "api.40101"],
    [40107, "api.40107"],
    [40122, "api.generic"],
    [50012, "api.generic"],
    [12345, "api.generic"],
  ])("shows code %i as %s", (code, key) => {
    expect(messageKeyForCode(code)).toBe(key);
  });
});
