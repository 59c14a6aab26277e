import type { VpnServerRegion } from "../universal/routing/sub-pages";

/**
 * Where the VPN network has servers, shown on /vpn-server and /vpn-server/<region>.
 *
 * Operators: edit this list to match your own network. For each country, list the cities you
 * have servers in, in English, spelled as you want them shown: city names are proper names and
 * appear as they are in every language. Keep at least one city per country.
 *
 * The countries themselves are fixed by the site (universal/routing/sub-pages.ts, VPN_SERVER_REGIONS):
 * each has its own page and translated texts in locales/<lang>/vpn-server.json. The speed notes and
 * questions of the Canadian and US pages (`countries.canada.*`, `countries.usa.*`) name the default
 * cities below: adjust them in every language if you change those cities.
 */
export interface ServerLocation {
  /** English city names as the operator's network has them. */
  cities: string[];
  /** ISO 3166-1 alpha-2 code of the country or territory ("GB" for the United Kingdom). */
  countryCode: string;
}

export const SERVER_LOCATIONS: Record<VpnServerRegion, ServerLocation> = {
  australia: { cities: ["Sydney", "Melbourne"], countryCode: "AU" },
  brazil: { cities: ["São Paulo"], countryCode: "BR" },
  canada: { cities: ["Toronto", "Vancouver"], countryCode: "CA" },
  france: { cities: ["Paris"], countryCode: "FR" },
  germany: { cities: ["Frankfurt"], countryCode: "DE" },
  hongkong: { cities: ["Hong Kong"], countryCode: "HK" },
  india: { cities: ["Mumbai"], countryCode: "IN" },
  indonesia: { cities: ["Jakarta"], countryCode: "ID" },
  italy: { cities: ["Milan"], countryCode: "IT" },
  japan: { cities: ["Tokyo"], countryCode: "JP" },
  korea: { cities: ["Seoul"], countryCode: "KR" },
  singapore: { cities: ["Singapore"], countryCode: "SG" },
  uk: { cities: ["London"], countryCode: "GB" },
  usa: { cities: ["New York", "Los Angeles", "Miami"], countryCode: "US" },
};
