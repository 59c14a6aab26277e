import { describe, expect, it } from "vitest";
import { serverCounts } from "./server-counts";

type Locations = Record<string, { cities: string[] }>;

describe("serverCounts", () => {
  it.each([
    { name: "no servers", locations: {}, countryCount: 0, cityCount: 0 },
    { name: "one city", locations: { france: { cities: ["Paris"] } }, countryCount: 1, cityCount: 1 },
    {
      name: "several countries and cities",
      locations: { usa: { cities: ["New York", "Miami"] }, uk: { cities: ["London"] } },
      countryCount: 2,
      cityCount: 3,
    },
    {
      name: "a city listed twice counts once",
      locations: { usa: { cities: ["Miami", " miami ", "Miami"] } },
      countryCount: 1,
      cityCount: 1,
    },
    {
      name: "a country without a city is not a server country",
      locations: { usa: { cities: ["Miami"] }, japan: { cities: [] }, korea: { cities: [" "] } },
      countryCount: 1,
      cityCount: 1,
    },
  ] satisfies Array<{ name: string; locations: Locations; countryCount: number; cityCount: number }>)(
    "$name",
    ({ locations, countryCount, cityCount }) => {
      expect(serverCounts(locations as Locations)).toEqual({ countryCount, cityCount });
    },
  );
});
