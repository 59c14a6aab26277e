import { X509Certificate } from "node:crypto";
import { describe, expect, it } from "vitest";
import { OPENVPN, type OpenVpnNetwork } from "../../content/servers";
import { VPN_SERVER_REGIONS } from "../../universal/routing/sub-pages";
import { openVpnFileName, renderOpenVpnProfile } from "./profile";

const network: OpenVpnNetwork = {
  ca: "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n",
  protocol: "udp",
  port: 1194,
  extra: ["auth SHA256"],
  remotes: { germany: ["de-fra.example.net"], usa: ["us-nyc.example.net", "us-lax.example.net"] },
};

describe("renderOpenVpnProfile", () => {
  it("writes one remote, the protocol, the sign-in and the CA inline", () => {
    expect(renderOpenVpnProfile(network, "germany", "Veilport")?.split("\n")).toEqual([
      "# Veilport - germany",
      "client",
      "dev tun",
      "proto udp",
      "remote de-fra.example.net 1194",
      "resolv-retry infinite",
      "nobind",
      "persist-key",
      "persist-tun",
      "remote-cert-tls server",
      "auth-user-pass",
      "verb 3",
      "auth SHA256",
      "<ca>",
      "-----BEGIN CERTIFICATE-----",
      "MIIB",
      "-----END CERTIFICATE-----",
      "</ca>",
      "",
    ]);
  });

  it.each([
    [
      "usa",
      "tcp" as const,
      443,
      ["proto tcp", "remote us-nyc.example.net 443", "remote us-lax.example.net 443", "remote-random"],
    ],
    ["germany", "udp" as const, 1194, ["proto udp", "remote de-fra.example.net 1194"]],
  ] as const)("%s over %s port %i", (region, protocol, port, lines) => {
    const text = renderOpenVpnProfile({ ...network, protocol, port }, region, "Veilport") ?? "";
    for (const line of lines) expect(text.split("\n")).toContain(line);
  });

  it("has no profile for a region without hosts", () => {
    expect(renderOpenVpnProfile(network, "japan", "Veilport")).toBeNull();
  });

  it.each([
    ["Veilport", "germany", "veilport-germany.ovpn"],
    ["Nörthwind VPN", "uk", "northwind-vpn-uk.ovpn"],
    ["!!!", "usa", "vpn-usa.ovpn"],
  ] as const)("names %s's %s file %s", (brand, region, name) => {
    expect(openVpnFileName(brand, region)).toBe(name);
  });
});

describe("the operator's OpenVPN template (content/servers.ts)", () => {
  it("has a CA that parses and a host in every region", () => {
    expect(new X509Certificate(OPENVPN.ca).ca).toBe(true);
    for (const region of VPN_SERVER_REGIONS) expect(OPENVPN.remotes[region]?.length).toBeGreaterThan(0);
  });
});
