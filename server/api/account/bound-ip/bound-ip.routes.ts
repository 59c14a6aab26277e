import { createRoute, z } from "@hono/zod-openapi";
import { answers, appTypeHeader, json, SESSION_ERRORS, WRITE_ERRORS } from "../../contract";
import { base, bearer, tags } from "../contract";

/** Contracts of the IP addresses an account binds, up to its plan's limit (SPEC §1, §7 user_ip; decision 045). */

const boundIpSchema = z.object({ ip: z.string(), bound_at: z.string() });
const boundListSchema = z.object({
  bound_ips: z.array(boundIpSchema).openapi({ description: "Every bound address, oldest first" }),
  limit: z.number().int().openapi({ description: "How many addresses the plan lets the account bind (1 without one)" }),
  bound_ip: z.string().nullable().openapi({ description: "The newest bound address (kept for older clients)" }),
  bound_at: z.string().nullable(),
});

export const userIpQuery = createRoute({
  method: "post",
  path: `${base}/user_ip/query`,
  tags,
  security: bearer,
  summary: "The bound IP addresses, the plan's limit and the caller's current address",
  request: {
    headers: appTypeHeader,
    body: {
      content: { "application/json": { schema: z.object({ _span: z.union([z.number(), z.string()]).optional() }) } },
    },
  },
  responses: answers(boundListSchema.extend({ current_ip: z.string() }), [
    "validation",
    ...WRITE_ERRORS,
    ...SESSION_ERRORS,
  ]),
});

export const userIpBind = createRoute({
  method: "post",
  path: `${base}/user_ip/bind`,
  tags,
  security: bearer,
  summary: "Bind a public IPv4 or IPv6 address, while the plan's limit has room (an address already bound stays)",
  request: { headers: appTypeHeader, ...json(z.object({ ip: z.string().max(64) })) },
  responses: answers(boundListSchema, [
    "validation",
    ...WRITE_ERRORS,
    ...SESSION_ERRORS,
    "notPublicIp",
    ["boundIpLimitReached", "as many addresses as the plan allows are bound; data.limit"],
  ]),
});

export const userIpRemove = createRoute({
  method: "post",
  path: `${base}/user_ip/remove`,
  tags,
  security: bearer,
  summary: "Remove one bound address (ip), or every one (empty body, SPEC §7)",
  request: {
    headers: appTypeHeader,
    body: {
      content: { "application/json": { schema: z.object({ ip: z.string().max(64).optional() }) } },
      required: false,
    },
  },
  responses: answers(boundListSchema, [
    "validation",
    ...WRITE_ERRORS,
    ...SESSION_ERRORS,
    ["boundIpNotFound", "the named address is not bound"],
  ]),
});
