import { describe, expect, it } from "vitest";
import { mapPoint, placeOf, toIpView } from "./ip-view";

const record = {
  address: "81.2.69.160",
  family: 4 as const,
  kind: "public" as const,
  countryCode: "GB",
  country: "United Kingdom",
  region: "England",
  city: "London",
  latitude: 51.5,
  longitude: -0.1,
  timezone: "Europe/London",
  asn: 20712,
  organisation: "Andrews & Arnold Ltd",
  hosting: false,
};

describe("toIpView", () => {
  it("names the country in the page's language", () => {
    const de = toIpView({ status: "ok", record }, "de");
    expect(de).toMatchObject({ status: "ok", record: { countryName: "Vereinigtes Königreich" } });
    const ja = toIpView({ status: "ok", record }, "ja");
    expect(ja).toMatchObject({ record: { countryName: "イギリス" } });
  });

  it("passes other answers through", () => {
    expect(toIpView({ status: "invalid" }, "en")).toEqual({ status: "invalid" });
    expect(toIpView({ status: "ok", record: { ...record, countryCode: "" } }, "en")).toMatchObject({
      record: { countryName: "" },
    });
  });
});

describe("placeOf", () => {
  it("joins the known parts once each", () => {
    expect(placeOf({ city: "London", region: "England", countryName: "United Kingdom" })).toBe(
      "London, England, United Kingdom",
    );
    expect(placeOf({ city: "Singapore", region: "Singapore", countryName: "Singapore" })).toBe("Singapore");
    expect(placeOf({ city: "", region: "", countryName: "" })).toBe("");
  });
});

describe("mapPoint", () => {
  it("maps degrees onto the map's coordinates", () => {
    expect(mapPoint(0, 0)).toEqual({ x: 180, y: 90 });
    expect(mapPoint(51.5, -0.1)).toEqual({ x: 179.9, y: 38.5 });
    expect(mapPoint(-33.9, 151.2)).toEqual({ x: 331.2, y: 123.9 });
  });
});
