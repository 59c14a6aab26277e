import { describe, expect, it } from "vitest";
import { countryName, sessionClientName } from "./client-names";

const t = (key: string, vars: Record<string, string | number> = {}) => `${key}(${Object.values(vars).join(",")})`;

describe("sessionClientName", () => {
  it.each([
    [
      { client: "browser", app_name: null, platform: null, browser: "Firefox", os: "Linux" },
      "sessions.browserOn(Firefox,Linux)",
    ],
    [{ client: "browser", app_name: null, platform: null, browser: "Safari", os: null }, "Safari"],
    [{ client: "browser", app_name: null, platform: null, browser: null, os: "Android" }, "Android"],
    [{ client: "browser", app_name: null, platform: null, browser: null, os: null }, "sessions.unknownBrowser()"],
    [{ client: "app", app_name: "Turbo", platform: "iOS", browser: null, os: null }, "sessions.app(Turbo,iOS)"],
  ] as const)("%o -> %s", (session, expected) => {
    expect(sessionClientName(t, session)).toBe(expected);
  });
});

describe("countryName", () => {
  it.each([
    ["DE", "en", "Germany"],
    ["DE", "fr", "Allemagne"],
    [null, "en", "unknown"],
  ] as const)("%s in %s -> %s", (code, locale, expected) => {
    expect(countryName(code, locale, "unknown")).toBe(expected);
  });
});
