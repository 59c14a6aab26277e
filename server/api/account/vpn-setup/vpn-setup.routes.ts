import { createRoute, z } from "@hono/zod-openapi";
import { VPN_SERVER_REGIONS } from "../../../../universal/routing/sub-pages";
import { isWireGuardKey } from "../../../../universal/wireguard/keys";
import { APP_TYPE_ERRORS, answers, appTypeHeader, json, SESSION_ERRORS, WRITE_ERRORS } from "../../contract";
import { errorResponses } from "../../envelope";
import { base, bearer, RATE_LIMITED, tags } from "../contract";

/** Contracts of the manual VPN setup (decision 044): WireGuard keys and OpenVPN profiles, for VIP accounts. */

const peerSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    public_key: z.string(),
    ipv4: z.string().openapi({ description: "The key's tunnel address (a /32)" }),
    ipv6: z.string().openapi({ description: "The key's tunnel address (a /128)" }),
    created_at: z.string(),
  })
  .openapi("WireGuardKey");

export const wireguardList = createRoute({
  method: "get",
  path: `${base}/wireguard/list`,
  tags,
  security: bearer,
  summary: "The account's WireGuard keys; `used` counts the places of the device limit taken (apps and keys)",
  request: { headers: appTypeHeader },
  responses: answers(z.object({ keys: z.array(peerSchema), limit: z.number().int(), used: z.number().int() }), [
    ...APP_TYPE_ERRORS,
    ...SESSION_ERRORS,
  ]),
});

export const wireguardAdd = createRoute({
  method: "post",
  path: `${base}/wireguard/add`,
  tags,
  security: bearer,
  summary:
    "Register a public key the browser generated (the private key never leaves it); the answer holds its tunnel addresses",
  request: {
    headers: appTypeHeader,
    ...json(
      z.object({
        public_key: z
          .string()
          .refine(isWireGuardKey, "not a WireGuard public key (32 bytes in base64)")
          .openapi({ description: "32 bytes, base64 (44 characters), as `wg pubkey` writes it" }),
        name: z.string().trim().min(1).max(60),
      }),
    ),
  },
  responses: answers(peerSchema, [
    "validation",
    ...WRITE_ERRORS,
    ...SESSION_ERRORS,
    ["vpnSetupVipOnly", "no paid time left on the account"],
    ["deviceLimitReached", "every place of the plan's device limit is taken (apps and keys)"],
    "wireguardKeyInUse",
    "wireguardAddressesExhausted",
    RATE_LIMITED,
  ]),
});

export const wireguardRevoke = createRoute({
  method: "post",
  path: `${base}/wireguard/revoke`,
  tags,
  security: bearer,
  summary: "Revoke a key: the servers drop it with the next change they read",
  request: { headers: appTypeHeader, ...json(z.object({ id: z.number().int() })) },
  responses: answers(z.object({ revoked: z.literal(true) }), [
    "validation",
    ...WRITE_ERRORS,
    ...SESSION_ERRORS,
    ["wireguardKeyNotFound", "no such key of this account (another account's is not found either)"],
  ]),
});

export const openVpnProfile = createRoute({
  method: "get",
  path: `${base}/openvpn/profile`,
  tags,
  security: bearer,
  summary: "The OpenVPN profile of a country (Content-Disposition: attachment, not in the envelope)",
  request: { headers: appTypeHeader, query: z.object({ region: z.enum(VPN_SERVER_REGIONS) }) },
  responses: {
    200: {
      description: "The .ovpn file",
      content: { "application/x-openvpn-profile": { schema: z.string() } },
    },
    ...errorResponses([
      "validation",
      ...APP_TYPE_ERRORS,
      ...SESSION_ERRORS,
      ["vpnSetupVipOnly", "no paid time left on the account"],
      ["openVpnProfileMissing", "the operator lists no OpenVPN host in this country"],
    ]),
  },
});
