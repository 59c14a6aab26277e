import { describe, expect, it } from "vitest";
import { fillPlaceholders } from "../../../universal/promotions/promotion-config";
import { markedSegments, placeholderValues } from "./headline";

describe("promotion texts", () => {
  it("splits a translated title into plain and accent segments", () => {
    expect(markedSegments("Easter offer: <accent>{{discount}} off</accent> our best plans")).toEqual([
      { text: "Easter offer: ", tone: "plain" },
      { text: "{{discount}} off", tone: "accent" },
      { text: " our best plans", tone: "plain" },
    ]);
  });

  it("fills placeholders per language and leaves unknown ones visible", () => {
    const values = placeholderValues({ code: { en: "SPRING", de: "FRÜHLING" } }, "de", { discount: "70%" });
    expect(fillPlaceholders("{{discount}} mit {{code}} {{other}}", values)).toBe("70% mit FRÜHLING {{other}}");
    expect(placeholderValues({ code: { en: "SPRING" } }, "ja", {}).code).toBe("SPRING");
  });
});
