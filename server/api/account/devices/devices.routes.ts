import { createRoute, z } from "@hono/zod-openapi";
import { answers, appTypeHeader, json, SESSION_ERRORS, WRITE_ERRORS } from "../../contract";
import { base, bearer, tags } from "../contract";

/** Contracts of the devices bound to an account (SPEC §7). */

const deviceSchema = z.object({
  app_type: z.number().int(),
  app_name: z.string(),
  platform: z.string(),
  user_id: z.number().int(),
  device_id: z.string(),
  device_name: z.string(),
  last_seen: z.string(),
});

export const deviceList = createRoute({
  method: "get",
  path: `${base}/device/list`,
  tags,
  security: bearer,
  summary: "Devices bound to the account, and the plan's limit",
  request: { headers: appTypeHeader },
  responses: answers(z.object({ devices: z.array(deviceSchema), limit: z.number().int() }), [
    "badAppType",
    ...SESSION_ERRORS,
  ]),
});

export const deviceBind = createRoute({
  method: "post",
  path: `${base}/device/bind`,
  tags,
  security: bearer,
  summary: "A native app binds itself (its own X-App-Type, the user's token); 40107 when the plan's limit is reached",
  request: {
    headers: appTypeHeader,
    ...json(z.object({ device_id: z.string().min(1).max(128), device_name: z.string().min(1).max(100) })),
  },
  responses: answers(deviceSchema, ["validation", ...WRITE_ERRORS, ...SESSION_ERRORS, "deviceLimitReached"]),
});

export const deviceUnbind = createRoute({
  method: "post",
  path: `${base}/device/unbind`,
  tags,
  security: bearer,
  summary: "Unbind a device",
  request: {
    headers: appTypeHeader,
    ...json(
      z.object({
        unbind_app_type: z.coerce.number().int(),
        unbind_user_id: z.coerce.number().int(),
        device_id: z.string().max(128).optional(),
      }),
    ),
  },
  responses: answers(z.object({ removed: z.number().int() }), [
    "validation",
    ...WRITE_ERRORS,
    ...SESSION_ERRORS,
    ["deviceNotFound", "no such device of this account (any other account's is not found either)"],
  ]),
});
