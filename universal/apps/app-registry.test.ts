import { describe, expect, it } from "vitest";
import { APPS, appFromHeader, isBrowserApp, PLATFORM_FAMILIES } from "./app-registry";

describe("app registry", () => {
  it("knows exactly the identifiers of SPEC §1", () => {
    const spec = [
      1, 2, 3, 4, 5, 6, 7, 12, 13, 15, 101, 102, 103, 104, 105, 106, 107, 108, 109, 114, 115, 201, 301, 302, 401, 402,
      501, 502, 503, 512,
    ];
    expect([...APPS.keys()].sort((a, b) => a - b)).toEqual(spec);
  });

  it("uses every family and product name of SPEC §1", () => {
    expect(new Set([...APPS.values()].map((app) => app.family))).toEqual(new Set(PLATFORM_FAMILIES));
    const products = [
      "Master",
      "MasterPro",
      "Snap",
      "Turbo",
      "Robot",
      "Hot",
      "Monster",
      "Sofast",
      "ProLite",
      "TurboLite",
      "SuperNet",
      "SDK WiFi Browser",
      "Signal",
      "TurboNovel",
    ];
    expect(new Set([...APPS.values()].map((app) => app.product))).toEqual(new Set(products));
  });

  it("parses the header strictly", () => {
    expect(appFromHeader("501")).toMatchObject({ family: "Web", product: "Master" });
    expect(appFromHeader(" 512 ")).toMatchObject({ family: "Windows" });
    for (const bad of [undefined, "", "8", "501abc", "-1", "5010"]) expect(appFromHeader(bad)).toBeUndefined();
    expect(isBrowserApp(appFromHeader("501")!)).toBe(true);
    expect(isBrowserApp(appFromHeader("101")!)).toBe(false);
  });
});
