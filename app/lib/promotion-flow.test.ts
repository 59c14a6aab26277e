import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Promotion } from "../../universal/promotions/promotion-config";
import { fillPlaceholders } from "../../universal/promotions/promotion-config";
import {
  formatEndDate,
  markedSegments,
  placeholderValues,
  popupsAllowedOn,
  promotionValues,
  schedulePopup,
} from "./promotion-flow";

const easter: Promotion = {
  id: "easter-2030",
  kind: "easter",
  startTime: "2030-04-14T00:00:00Z",
  endTime: "2030-04-23T00:00:00Z",
  isFestival: true,
  placeholders: { code: { en: "SPRING", de: "FRÜHLING" } },
  href: "/pricing",
};

describe("promotion texts", () => {
  it("splits a translated title into plain and accent segments", () => {
    expect(markedSegments("Easter offer: <accent>{{discount}} off</accent> our best plans")).toEqual([
      { text: "Easter offer: ", tone: "plain" },
      { text: "{{discount}} off", tone: "accent" },
      { text: " our best plans", tone: "plain" },
    ]);
    expect(markedSegments("No accent")).toEqual([{ text: "No accent", tone: "plain" }]);
  });

  it("fills placeholders per language and leaves unknown ones visible", () => {
    const values = placeholderValues({ code: { en: "SPRING", de: "FRÜHLING" } }, "de", { discount: "70%" });
    expect(fillPlaceholders("{{discount}} mit {{code}} {{other}}", values)).toBe("70% mit FRÜHLING {{other}}");
    expect(placeholderValues({ code: { en: "SPRING" } }, "ja", {}).code).toBe("SPRING");
  });

  it.each([
    ["en-US", "April 22, 2030"],
    ["de-DE", "22. April 2030"],
  ])("ends the offer on the day before its end (exclusive), in %s", (iso, expected) => {
    expect(formatEndDate({ endTime: "2030-04-23T00:00:00Z" }, iso)).toBe(expected);
  });

  it("gives every value a promotion's texts use", () => {
    expect(promotionValues(easter, "de", "de-DE", "70%")).toEqual({
      discount: "70%",
      endDate: "22. April 2030",
      code: "FRÜHLING",
    });
  });
});

describe("pages where popups may show", () => {
  it.each([
    ["home", true],
    ["features", true],
    ["webrtc-leak-test", true],
    ["checkout", false],
    ["myaccount", false],
    ["login", false],
    ["not-found", false],
    ["redirect", false],
    [undefined, false],
  ])("%s: %s", (pageKey, allowed) => {
    expect(popupsAllowedOn(pageKey)).toBe(allowed);
  });
});

describe("schedulePopup on a quiet page", () => {
  beforeEach(() => {
    vi.stubGlobal("fetch", vi.fn());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("never loads the config nor shows anything", () => {
    const show = vi.fn();
    const cancel = schedulePopup("checkout", show);
    cancel();
    expect(fetch).not.toHaveBeenCalled();
    expect(show).not.toHaveBeenCalled();
  });
});
