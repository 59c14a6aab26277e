import { createRoute, z } from "@hono/zod-openapi";
import { OPERATOR_ERRORS } from "../contract";
import { envelopeSchema, errorResponses } from "../envelope";

/**
 * What the operator's WireGuard servers read (decision 044), with OPERATOR_TOKEN or one of
 * VPN_SERVER_TOKENS: the whole peer list, then the changes after the cursor it gave.
 */

export const WIREGUARD_PEERS_PATH = "/api/operator/v1/wireguard/peers";
export const WIREGUARD_CHANGES_PATH = "/api/operator/v1/wireguard/changes";

const peer = {
  public_key: z.string(),
  ipv4: z.string().openapi({ description: "AllowedIPs: this address as a /32" }),
  ipv6: z.string().openapi({ description: "AllowedIPs: this address as a /128" }),
};

export const wireguardPeers = createRoute({
  method: "get",
  path: WIREGUARD_PEERS_PATH,
  tags: ["Operator"],
  summary: "Every registered WireGuard key with its tunnel addresses, and the change cursor the list is current to",
  security: [{ bearerAuth: [] }],
  responses: {
    200: {
      description: "The peer list; read /changes?cursor=<cursor> from here on",
      content: {
        "application/json": {
          schema: envelopeSchema(z.object({ peers: z.array(z.object(peer)), cursor: z.number().int() })),
        },
      },
    },
    ...errorResponses([...OPERATOR_ERRORS]),
  },
});

export const wireguardChanges = createRoute({
  method: "get",
  path: WIREGUARD_CHANGES_PATH,
  tags: ["Operator"],
  summary: "Keys added and removed after a cursor, oldest first (at most `limit`; `more` when others follow)",
  security: [{ bearerAuth: [] }],
  request: {
    query: z.object({
      cursor: z.coerce.number().int().min(0),
      limit: z.coerce.number().int().min(1).max(5000).default(1000),
    }),
  },
  responses: {
    200: {
      description:
        "The changes and the cursor to ask with next; `resync`: the cursor cannot be followed (older than the feed keeps, or ahead of it), read /peers again",
      content: {
        "application/json": {
          schema: envelopeSchema(
            z.object({
              changes: z.array(
                z.object({
                  cursor: z.number().int(),
                  kind: z.enum(["add", "remove"]),
                  at: z.string(),
                  ...peer,
                }),
              ),
              cursor: z.number().int(),
              more: z.boolean(),
              resync: z.boolean(),
            }),
          ),
        },
      },
    },
    ...errorResponses([["validation", "cursor missing or not a whole number"], ...OPERATOR_ERRORS]),
  },
});
