import { createRoute, z } from "@hono/zod-openapi";
import { answers, appTypeHeader, SESSION_ERRORS } from "../../contract";
import { base, bearer, tags } from "../contract";

/** Contracts of invite a friend (decision 047). */

const period = z.object({
  months: z.number().int(),
  days: z.number().int(),
});

export const inviteStatus = createRoute({
  method: "get",
  path: `${base}/invite`,
  tags,
  security: bearer,
  summary:
    "The account's invite link (a paying customer's stable code; null before a first purchase), how many friends joined and bought through it, and the account's invite rewards",
  request: { headers: appTypeHeader },
  responses: answers(
    z.object({
      code: z.string().nullable().openapi({ description: "10 characters of Crockford base32; null: buy first" }),
      link: z
        .string()
        .nullable()
        .openapi({ example: "https://vpn.example.com/?from=invite&invite_code=K7Q2M9XD3H&invite_type=friend" }),
      short_link: z
        .string()
        .nullable()
        .openapi({ example: "https://vpn.example.com/i/K7Q2M9XD3H", description: "Redirects (302) to `link`" }),
      reward: period.openapi({
        description: "What a friend's first paid purchase earns each side; both 0: no rewards",
      }),
      joined: z.number().int().openapi({ description: "Accounts opened through the link" }),
      purchased: z.number().int().openapi({ description: "Of those, friends who paid" }),
      rewards: z.array(
        period.extend({
          role: z
            .enum(["inviter", "friend"])
            .openapi({ description: "inviter: a friend bought; friend: this account bought through an invite" }),
          status: z.enum(["pending", "granted", "cancelled", "revoked"]).openapi({
            description:
              "pending until due_at (refund window); granted: time added; cancelled/revoked: the purchase was refunded before/after",
          }),
          due_at: z.string(),
          granted_at: z.string().nullable(),
        }),
      ),
    }),
    ["badAppType", ...SESSION_ERRORS],
  ),
});

export const inviteOffer = createRoute({
  method: "get",
  path: "/api/mms/config/v1/invite_offer",
  tags: ["Config"],
  summary:
    "What a friend's first paid purchase through an invite earns (each side); pricing and checkout show it while an invite is remembered. Both 0: no offer",
  request: { headers: appTypeHeader },
  responses: answers(period, ["badAppType"]),
});
