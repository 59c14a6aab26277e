import type { AddressKind } from "../net/ip-address";

/** One address, as the what-is-my-ip page and geo_info describe it. Empty strings when unknown. */
export interface GeoRecord {
  address: string;
  family: 4 | 6;
  kind: AddressKind;
  /** ISO 3166-1 alpha-2, upper case. */
  countryCode: string;
  /** English country name (geo_info's `country`; pages localise the code themselves). */
  country: string;
  region: string;
  city: string;
  latitude: number | null;
  longitude: number | null;
  /** IANA time zone at the city's coordinates. */
  timezone: string;
  asn: number | null;
  organisation: string;
  /** The network is a data centre (cloud, hosting, VPN exit) rather than a home or mobile line. */
  hosting: boolean;
}
