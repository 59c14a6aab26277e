import { describe, expect, it } from "vitest";
import { TRUST } from "../../content/trust";
import { assertTrustFacts, hasTrustFacts, trustFactProblems } from "./trust";

const GOOD = {
  ratings: [{ source: "App Store", rating: 4.7, url: "https://apps.apple.com/app/id000" }],
  press: [{ name: "Example Daily", url: "https://example.com/review" }],
};

describe("trust facts", () => {
  it("accepts complete entries and the shipped, empty lists", () => {
    expect(trustFactProblems(GOOD)).toEqual([]);
    expect(trustFactProblems(TRUST)).toEqual([]);
    expect(hasTrustFacts(GOOD)).toBe(true);
  });

  it("ships without a single claim: the section stays hidden until the operator adds proof", () => {
    expect(hasTrustFacts(TRUST)).toBe(false);
  });

  it("names every bad entry, and the build stops on them", () => {
    const bad = {
      ratings: [
        { source: " ", rating: 5.5, url: "http://apps.example/app" },
        { source: "Google Play", rating: Number.NaN, url: "not a url" },
      ],
      press: [{ name: "", url: "javascript:alert(1)" }],
    };
    expect(trustFactProblems(bad)).toEqual([
      "ratings[0].source is empty",
      "ratings[0].rating must be between 0 and 5",
      "ratings[0].url must be an https address",
      "ratings[1].rating must be between 0 and 5",
      "ratings[1].url must be an https address",
      "press[0].name is empty",
      "press[0].url must be an https address",
    ]);
    expect(() => assertTrustFacts(bad)).toThrow(/content\/trust\.ts: ratings\[0\]\.source is empty/);
  });
});
