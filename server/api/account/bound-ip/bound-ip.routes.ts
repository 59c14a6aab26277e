import { createRoute, z } from "@hono/zod-openapi";
import { answers, appTypeHeader, json, SESSION_ERRORS, WRITE_ERRORS } from "../../contract";
import { base, bearer, tags } from "../contract";

/** Contracts of the one IP address an account may bind (SPEC §7 user_ip). */

export const userIpQuery = createRoute({
  method: "post",
  path: `${base}/user_ip/query`,
  tags,
  security: bearer,
  summary: "The bound IP address and the caller's current one",
  request: {
    headers: appTypeHeader,
    body: {
      content: { "application/json": { schema: z.object({ _span: z.union([z.number(), z.string()]).optional() }) } },
    },
  },
  responses: answers(
    z.object({ bound_ip: z.string().nullable(), bound_at: z.string().nullable(), current_ip: z.string() }),
    ["validation", ...WRITE_ERRORS, ...SESSION_ERRORS],
  ),
});

export const userIpBind = createRoute({
  method: "post",
  path: `${base}/user_ip/bind`,
  tags,
  security: bearer,
  summary: "Bind a public IPv4 or IPv6 address (replaces any bound one)",
  request: { headers: appTypeHeader, ...json(z.object({ ip: z.string().max(64) })) },
  responses: answers(z.object({ bound_ip: z.string(), bound_at: z.string() }), [
    "validation",
    ...WRITE_ERRORS,
    ...SESSION_ERRORS,
    "notPublicIp",
  ]),
});

export const userIpRemove = createRoute({
  method: "post",
  path: `${base}/user_ip/remove`,
  tags,
  security: bearer,
  summary: "Remove the bound IP address",
  request: { headers: appTypeHeader },
  responses: answers(z.object({ bound_ip: z.null() }), [...WRITE_ERRORS, ...SESSION_ERRORS]),
});
