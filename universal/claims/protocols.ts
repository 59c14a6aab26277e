/** The VPN protocols the site has texts for, and how each is written (proper names, every language). */
export const PROTOCOL_NAMES = {
  wireguard: "WireGuard",
  openvpn: "OpenVPN",
  ikev2: "IKEv2/IPsec",
} as const;

export type Protocol = keyof typeof PROTOCOL_NAMES;
