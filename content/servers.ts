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

/**
 * Manual WireGuard setup (the account's WireGuard card, decision 044): per city of SERVER_LOCATIONS,
 * the server the customer's configuration points at. Operators: put your own host names (or
 * addresses), and each server's WireGuard public key (`wg pubkey < private.key`, 44 characters of
 * base64). Every city of SERVER_LOCATIONS needs one entry; a city without one is not offered.
 * All servers fetch the same peer list (/api/operator/v1/wireguard/peers), so a key works on each.
 */
export interface WireGuardServer {
  host: string;
  publicKey: string;
}

export interface WireGuardNetwork {
  /** UDP ports every server listens on; the first is the default. */
  ports: number[];
  /** Resolvers inside the tunnel the customer may choose (by id); the first is the default. */
  dns: { id: "standard" | "adblock"; ipv4: string; ipv6: string }[];
  /** Keepalive for customers behind NAT, in seconds (0: none). */
  persistentKeepalive: number;
  /** Per region, per city (the English name as in SERVER_LOCATIONS). */
  servers: Partial<Record<VpnServerRegion, Record<string, WireGuardServer>>>;
}

export const WIREGUARD: WireGuardNetwork = {
  ports: [51820, 53, 443],
  dns: [
    { id: "standard", ipv4: "10.64.0.1", ipv6: "fd64:7670::1" },
    { id: "adblock", ipv4: "10.64.0.2", ipv6: "fd64:7670::2" },
  ],
  persistentKeepalive: 25,
  servers: {
    australia: {
      Sydney: { host: "au-syd.wg.example.net", publicKey: "VvUIuEh70XComP0YszwIPOEQRwjNtPdnElTH1sj9Hy8=" },
      Melbourne: { host: "au-mel.wg.example.net", publicKey: "KxeG+9AXAotcMgETCraiUXTFJwcbZQkDpEqDpTKwrVU=" },
    },
    brazil: {
      "São Paulo": { host: "br-sao.wg.example.net", publicKey: "qYVEdIb1oYzcHqaFpGrTUcZOjZ36n8pTdo04/SJFIlY=" },
    },
    canada: {
      Toronto: { host: "ca-tor.wg.example.net", publicKey: "KwTFarwegRVIAOhl2w5brSLafTk8Z8B6lawu9aQBDnA=" },
      Vancouver: { host: "ca-van.wg.example.net", publicKey: "tsisniyVwBp2ItGWYHXKJgwW2aOz0M7DdNBVb+6GYCg=" },
    },
    france: { Paris: { host: "fr-par.wg.example.net", publicKey: "vKICzv04cGx1B1LIct+TD9hShhDE5HrKNnogB6CqV1o=" } },
    germany: {
      Frankfurt: { host: "de-fra.wg.example.net", publicKey: "KqR4k+DZlkybAJqWJGFEP05gjOwSkXDywDhjCRfkLQk=" },
    },
    hongkong: {
      "Hong Kong": { host: "hk-hkg.wg.example.net", publicKey: "TKTOR0qUFSVvcFVk1EIJCuNFJPGhYREESo1PD3enaXk=" },
    },
    india: { Mumbai: { host: "in-bom.wg.example.net", publicKey: "AyBe2h+3paoH7NCyw6pB/oEJINT/OELAbRZuZkgFKAY=" } },
    indonesia: {
      Jakarta: { host: "id-jkt.wg.example.net", publicKey: "ZlghWjBPBtcmksuVNaphduhlHBQ7Xl0L2oGLuW4kg0M=" },
    },
    italy: { Milan: { host: "it-mil.wg.example.net", publicKey: "XLJ8HqwdhZ73GcRZd/K58Dw1T7/mQfZ+KubfWVw69Cw=" } },
    japan: { Tokyo: { host: "jp-tyo.wg.example.net", publicKey: "NFE+uAgORtI98I9858/AF+7dEZ0vDqpiRgYjjZEPbzA=" } },
    korea: { Seoul: { host: "kr-sel.wg.example.net", publicKey: "ai3JO4dPulJhtCRuLfvFHHHXy+j9e2Q0uOxJV9yXABw=" } },
    singapore: {
      Singapore: { host: "sg-sin.wg.example.net", publicKey: "kxMY4y5EpSx/DGowEio26xiYWbodKpHpb3ohYHFJbXQ=" },
    },
    uk: { London: { host: "gb-lon.wg.example.net", publicKey: "1tb0XhatRI69dplKi8kCypIdljz9UeAMysjvoiIc0HU=" } },
    usa: {
      "New York": { host: "us-nyc.wg.example.net", publicKey: "zq425qEE88gu0tsYaP6yIGx0/jPuHbJyT2TvP/rGYWg=" },
      "Los Angeles": { host: "us-lax.wg.example.net", publicKey: "zZZ5BsRleQqPLl8dVseq+DceDrLbbrsm5WABaimHTSw=" },
      Miami: { host: "us-mia.wg.example.net", publicKey: "zDxmAN7y7aEefSQFKmoGmqLChtwK3JnYOZMuQiqTZQo=" },
    },
  },
};

/**
 * OpenVPN profiles (one download per country from the account, decision 044): the network's CA
 * certificate, the protocol and port, and per region the host names the profile lists as `remote`
 * (the client picks one at random). Operators: paste your CA (PEM) and your hosts; a region without
 * hosts has no profile. `extra` lines are added as they are (cipher, tls-crypt …).
 */
export interface OpenVpnNetwork {
  ca: string;
  protocol: "udp" | "tcp";
  port: number;
  extra: string[];
  remotes: Partial<Record<VpnServerRegion, string[]>>;
}

export const OPENVPN: OpenVpnNetwork = {
  ca: `-----BEGIN CERTIFICATE-----
MIIBijCCATGgAwIBAgIUOAm/onF+nO+tr53xhhFWk8pUrQUwCgYIKoZIzj0EAwIw
GzEZMBcGA1UEAwwQVmVpbHBvcnQgZGVtbyBDQTAeFw0yNjExMjgyMjU3NDNaFw0z
NjExMjUyMjU3NDNaMBsxGTAXBgNVBAMMEFZlaWxwb3J0IGRlbW8gQ0EwWTATBgcq
hkjOPQIBBggqhkjOPQMBBwNCAASy1UHv4ZsrpzeRIpMr5NuZKjUTKTUWxyb4zsSd
JZFaC8o0BY4pg8PYLsE0XfrVSkCxsTqvKKtvptCU11drb/VSo1MwUTAdBgNVHQ4E
FgQU4FWW9mi9CTG2Zm1dvtn4y/tfgEYwHwYDVR0jBBgwFoAU4FWW9mi9CTG2Zm1d
vtn4y/tfgEYwDwYDVR0TAQH/BAUwAwEB/zAKBggqhkjOPQQDAgNHADBEAiAJRvfu
PQCPej/t9lZ9zvrHaUvgdXnJ7NGJ4EPzPZYSLwIgGcMltEoE7IheLQe8X3K0izaW
b4gm8cnK8BeQ4uXZ9s8=
-----END CERTIFICATE-----`,
  protocol: "udp",
  port: 1194,
  extra: ["data-ciphers AES-256-GCM:CHACHA20-POLY1305", "auth SHA256"],
  remotes: {
    australia: ["au-syd.ovpn.example.net", "au-mel.ovpn.example.net"],
    brazil: ["br-sao.ovpn.example.net"],
    canada: ["ca-tor.ovpn.example.net", "ca-van.ovpn.example.net"],
    france: ["fr-par.ovpn.example.net"],
    germany: ["de-fra.ovpn.example.net"],
    hongkong: ["hk-hkg.ovpn.example.net"],
    india: ["in-bom.ovpn.example.net"],
    indonesia: ["id-jkt.ovpn.example.net"],
    italy: ["it-mil.ovpn.example.net"],
    japan: ["jp-tyo.ovpn.example.net"],
    korea: ["kr-sel.ovpn.example.net"],
    singapore: ["sg-sin.ovpn.example.net"],
    uk: ["gb-lon.ovpn.example.net"],
    usa: ["us-nyc.ovpn.example.net", "us-lax.ovpn.example.net", "us-mia.ovpn.example.net"],
  },
};
