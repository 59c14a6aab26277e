import { beforeAll, describe, expect, it } from "vitest";
import { englishCountryName, GeoDatabase } from "./geo-database";
import { isHostingNetwork } from "./hosting";

// Lookups against the databases shipped in node_modules (DB-IP Lite city, RouteViews/DB-IP ASN).
// Expectations are for addresses whose owner and place are stable and public.
describe("GeoDatabase", () => {
  let geo: GeoDatabase;
  beforeAll(() => {
    geo = GeoDatabase.load();
  }, 60_000);

  it("places a London address in the United Kingdom, with its time zone", () => {
    expect(geo.lookup("81.2.69.160")).toMatchObject({
      address: "81.2.69.160",
      family: 4,
      kind: "public",
      countryCode: "GB",
      country: "United Kingdom",
      city: "London",
      region: "England",
      timezone: "Europe/London",
    });
  });

  it("names Google's public resolver, its AS number and a data-centre network", () => {
    expect(geo.lookup("8.8.8.8")).toMatchObject({
      countryCode: "US",
      asn: 15169,
      organisation: "Google LLC",
      hosting: true,
    });
  });

  it("looks up IPv6 and IPv4-mapped addresses", () => {
    expect(geo.lookup("2001:4860:4860::8888")).toMatchObject({ family: 6, asn: 15169, hosting: true });
    expect(geo.lookup("::ffff:1.1.1.1")).toMatchObject({
      address: "1.1.1.1",
      family: 4,
      asn: 13335,
      countryCode: "AU",
    });
  });

  it("answers a home broadband address as not a data centre", () => {
    // BT's consumer network.
    const bt = geo.lookup("86.128.0.1");
    expect(bt).toMatchObject({ countryCode: "GB", hosting: false });
    expect(bt?.organisation).toMatch(/British Telecommunications/i);
  });

  it("answers private and reserved addresses without inventing a place", () => {
    for (const [address, kind] of [
      ["192.168.1.1", "private"],
      ["127.0.0.1", "loopback"],
      ["2001:db8::1", "documentation"],
    ] as const) {
      expect(geo.lookup(address)).toEqual({
        address,
        family: address.includes(":") ? 6 : 4,
        kind,
        countryCode: "",
        country: "",
        region: "",
        city: "",
        latitude: null,
        longitude: null,
        timezone: "",
        asn: null,
        organisation: "",
        hosting: false,
      });
    }
  });

  it("refuses what is not an IP address", () => {
    expect(geo.lookup("example.com")).toBeNull();
    expect(geo.lookup("999.1.1.1")).toBeNull();
  });
});

describe("englishCountryName", () => {
  it("names countries in English, and Hong Kong and Macao as people call them", () => {
    expect(englishCountryName("CN")).toBe("China");
    expect(englishCountryName("HK")).toBe("Hong Kong");
    expect(englishCountryName("MO")).toBe("Macao");
    expect(englishCountryName("GB")).toBe("United Kingdom");
    expect(englishCountryName("")).toBe("");
    expect(englishCountryName("gb")).toBe("");
  });
});

describe("isHostingNetwork", () => {
  it("knows cloud and VPN exit networks by number and hosting companies by name", () => {
    expect(isHostingNetwork(16509, "Amazon.com, Inc.")).toBe(true);
    expect(isHostingNetwork(9009, "M247 Europe SRL")).toBe(true);
    expect(isHostingNetwork(999_999, "Example Hosting Ltd")).toBe(true);
    expect(isHostingNetwork(2856, "British Telecommunications PLC")).toBe(false);
    expect(isHostingNetwork(undefined, undefined)).toBe(false);
  });
});
