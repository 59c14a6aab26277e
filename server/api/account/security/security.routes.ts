import { createRoute, z } from "@hono/zod-openapi";
import { SECURITY_EVENT_KINDS } from "../../../../universal/account/security-events";
import { answers, appTypeHeader, json, SESSION_ERRORS, WRITE_ERRORS } from "../../contract";
import { base, bearer, tags } from "../contract";

/** Contracts of the account's sessions list and security log. */

const sessionSchema = z.object({
  id: z.number().int(),
  current: z.boolean().openapi({ description: "The session making this call" }),
  client: z.enum(["browser", "app"]),
  app_type: z.number().int(),
  app_name: z.string().nullable().openapi({ description: "An app's product name; null for the website" }),
  platform: z.string().nullable().openapi({ description: "An app's platform family; null for the website" }),
  browser: z.string().nullable().openapi({ description: "From the user agent at sign-in; null when unknown" }),
  os: z.string().nullable(),
  country: z.string().nullable().openapi({ description: "ISO country of the address at sign-in; null when unknown" }),
  created_at: z.string(),
  last_seen_at: z.string().openapi({ description: "Updated at most every five minutes" }),
});

export const sessionList = createRoute({
  method: "get",
  path: `${base}/sessions`,
  tags,
  security: bearer,
  summary: "The account's active sessions (website and apps), the current one marked",
  description:
    "At most 20: the most recently active, always with the current one, oldest first. `total` counts every active session; ending the others ends those not listed too.",
  request: { headers: appTypeHeader },
  responses: answers(
    z.object({
      sessions: z.array(sessionSchema),
      total: z.number().int().openapi({ description: "Every active session, listed or not" }),
    }),
    ["badAppType", ...SESSION_ERRORS],
  ),
});

export const sessionEnd = createRoute({
  method: "post",
  path: `${base}/sessions/end`,
  tags,
  security: bearer,
  summary: "End one session of the account; its next request answers 50012",
  request: { headers: appTypeHeader, ...json(z.object({ id: z.number().int().positive() })) },
  responses: answers(z.object({ ended: z.literal(true) }), [
    "validation",
    ...WRITE_ERRORS,
    ...SESSION_ERRORS,
    ["sessionNotFound", "no active session with this id on this account"],
  ]),
});

export const sessionEndOthers = createRoute({
  method: "post",
  path: `${base}/sessions/end_others`,
  tags,
  security: bearer,
  summary: "End every session of the account except this one",
  request: { headers: appTypeHeader },
  responses: answers(z.object({ ended: z.number().int() }), [...WRITE_ERRORS, ...SESSION_ERRORS]),
});

export const securityLog = createRoute({
  method: "get",
  path: `${base}/security_log`,
  tags,
  security: bearer,
  summary: "Sign-ins and changes of password, e-mail and second factor over the kept days, newest first",
  request: { headers: appTypeHeader },
  responses: answers(
    z.object({
      days: z.number().int().openapi({ description: "How long events are kept" }),
      sign_ins: z.object({ succeeded: z.number().int(), failed: z.number().int() }),
      events: z.array(
        z.object({
          kind: z.enum(SECURITY_EVENT_KINDS),
          at: z.string(),
          country: z.string().nullable(),
          app_type: z.number().int().nullable(),
        }),
      ),
    }),
    ["badAppType", ...SESSION_ERRORS],
  ),
});
