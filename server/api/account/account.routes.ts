import { createRoute, z } from "@hono/zod-openapi";
import {
  emailSchema,
  passwordSchema,
  purposeSchema,
  verificationCodeSchema,
} from "../../../universal/validation/account-rules";
import { envelopeSchema, errorEnvelopeSchema } from "../envelope";

/** Contracts of the account API (SPEC §7), from which the OpenAPI document is generated. */

const appTypeHeader = z.object({
  "x-app-type": z
    .string()
    .openapi({ description: "Application identifier (SPEC §1); the website is 501", example: "501" }),
});

const errors = {
  400: {
    description: "Invalid input (code 40000, data.fields) or a refused operation",
    content: { "application/json": { schema: errorEnvelopeSchema } },
  },
  401: {
    description: "No session (401), unknown (50008), ended elsewhere (50012) or expired (50014)",
    content: { "application/json": { schema: errorEnvelopeSchema } },
  },
  429: {
    description: "Too many attempts (42900); see Retry-After",
    content: { "application/json": { schema: errorEnvelopeSchema } },
  },
};

const ok = <T extends z.ZodType>(data: T, description = "Success (code 200)") => ({
  200: { description, content: { "application/json": { schema: envelopeSchema(data) } } },
  ...errors,
});

const json = <T extends z.ZodType>(schema: T) => ({
  body: { content: { "application/json": { schema } }, required: true },
});

export const vipSchema = z.object({
  is_vip: z.boolean(),
  remain_time: z.number().int(),
  expire_at: z.string().nullable(),
});
export const userSchema = z.object({
  user_id: z.number().int(),
  email: z.string(),
  is_password_set: z.boolean(),
  is_email_verified: z
    .boolean()
    .openapi({ description: "The owner proved the address with an e-mailed code; until then set_password needs one" }),
  vip: vipSchema,
});
const loginDataSchema = userSchema.extend({
  token: z.string().optional().openapi({ description: "Only for app clients; browsers get an HttpOnly cookie" }),
});

const recasign = z.string().max(4000).default("").openapi({ description: "Captcha token (SPEC §7)" });
const base = "/api/mms/account/v1/web";
const tags = ["Account"];
const bearer: Array<Record<string, string[]>> = [{ bearerAuth: [] }, { sessionCookie: [] }];

export const login = createRoute({
  method: "post",
  path: `${base}/login`,
  tags,
  summary:
    "Log in with e-mail and password, or with an e-mailed sign-in code (captcha r2). Failed passwords make an address wait longer (42900, Retry-After); a code never waits and ends sessions opened before the address was proved",
  request: {
    headers: appTypeHeader,
    ...json(
      z.object({
        email: emailSchema,
        password: z.string().max(200).optional(),
        code: verificationCodeSchema.optional(),
        recasign,
      }),
    ),
  },
  responses: ok(loginDataSchema),
});

export const anonymousSignup = createRoute({
  method: "post",
  path: `${base}/anonymous_signup`,
  tags,
  summary: "Create a passwordless account at checkout (captcha r3); an existing e-mail gets a sign-in code (40108)",
  request: {
    headers: appTypeHeader,
    ...json(
      z.object({
        email: emailSchema,
        recasign,
        attribution: z
          .record(z.string(), z.string().max(200))
          .optional()
          .openapi({ description: "utm_*, channel, invite_*, affiliate_network, affiliate_click_id, front_id" }),
      }),
    ),
  },
  responses: ok(loginDataSchema),
});

export const logout = createRoute({
  method: "post",
  path: `${base}/logout`,
  tags,
  security: bearer,
  summary: "End this session",
  request: { headers: appTypeHeader },
  responses: ok(z.null()),
});

export const verificationRequest = createRoute({
  method: "post",
  path: `${base}/verification/request`,
  tags,
  summary:
    "E-mail a 6-digit code (10 minutes, single use, 5 tries; captcha r3); the answer never says whether the e-mail has an account",
  request: { headers: appTypeHeader, ...json(z.object({ email: emailSchema, purpose: purposeSchema, recasign })) },
  responses: ok(z.object({ sent: z.literal(true), expires_in: z.number().int() })),
});

export const verificationValidate = createRoute({
  method: "post",
  path: `${base}/verification/validate`,
  tags,
  summary:
    "Check a code without using it (a try like any other); returns a short-lived ticket standing for it. Any refusal is 40103",
  request: {
    headers: appTypeHeader,
    ...json(z.object({ email: emailSchema, purpose: purposeSchema, code: verificationCodeSchema })),
  },
  responses: ok(z.object({ ticket: z.string(), expires_in: z.number().int() })),
});

export const setPassword = createRoute({
  method: "post",
  path: `${base}/set_password`,
  tags,
  security: bearer,
  summary:
    "Set the first password of a passwordless account; until the address is proved it needs the e-mailed set_password code or its ticket (40109 without, 40103 wrong); the proof ends every other session",
  request: {
    headers: appTypeHeader,
    ...json(
      z.object({
        password: passwordSchema,
        code: verificationCodeSchema.optional(),
        ticket: z.string().max(200).optional(),
      }),
    ),
  },
  responses: ok(userSchema),
});

export const changePassword = createRoute({
  method: "post",
  path: `${base}/change_password`,
  tags,
  security: bearer,
  summary: "Change the password; every other session ends (50012)",
  request: {
    headers: appTypeHeader,
    ...json(z.object({ old_password: z.string().min(1, "password.required").max(200), new_password: passwordSchema })),
  },
  responses: ok(userSchema),
});

export const resetPassword = createRoute({
  method: "post",
  path: `${base}/reset_password`,
  tags,
  summary: "Reset the password with an e-mailed code or its ticket; every session ends",
  request: {
    headers: appTypeHeader,
    ...json(
      z
        .object({
          email: emailSchema,
          code: verificationCodeSchema.optional(),
          ticket: z.string().max(200).optional(),
          password: passwordSchema,
        })
        .refine((body) => body.code || body.ticket, { message: "code.required", path: ["code"] }),
    ),
  },
  responses: ok(z.object({ reset: z.literal(true) })),
});

export const profile = createRoute({
  method: "get",
  path: `${base}/profile`,
  tags,
  security: bearer,
  summary: "The logged-in user",
  request: { headers: appTypeHeader },
  responses: ok(userSchema.extend({ created_at: z.string() })),
});

export const subscriptionMy = createRoute({
  method: "get",
  path: "/api/mms/payment/v1/web/subscription_my",
  tags: ["Payment"],
  security: bearer,
  summary: "The user's subscriptions (empty until one is bought)",
  request: { headers: appTypeHeader },
  responses: ok(
    z.object({
      subscriptions: z.array(
        z.object({
          id: z.number().int(),
          plan_id: z.string(),
          plan_months: z.number().int().nullable().openapi({ description: "The plan's length, to name it" }),
          status: z.string(),
          provider: z.string(),
          started_at: z.string().nullable(),
          renews_at: z.string().nullable(),
          expires_at: z.string().nullable(),
          auto_renew: z.boolean(),
        }),
      ),
    }),
  ),
});

export const subscriptionCancel = createRoute({
  method: "post",
  path: "/api/mms/payment/v1/web/subscription_cancel",
  tags: ["Payment"],
  security: bearer,
  summary: "Turn off automatic renewal; access continues until the paid period ends",
  request: { headers: appTypeHeader, ...json(z.object({ id: z.number().int() })) },
  responses: ok(
    z.object({ id: z.number().int(), status: z.string(), auto_renew: z.boolean(), expires_at: z.string().nullable() }),
  ),
});

// --- Automatic renewal back on (issue 14) ---
export const subscriptionResume = createRoute({
  method: "post",
  path: "/api/mms/payment/v1/web/subscription_resume",
  tags: ["Payment"],
  security: bearer,
  summary:
    "Turn automatic renewal back on while the paid period runs (40123 when it cannot be, 40121 when the processor refuses)",
  request: { headers: appTypeHeader, ...json(z.object({ id: z.number().int() })) },
  responses: ok(
    z.object({ id: z.number().int(), status: z.string(), auto_renew: z.boolean(), expires_at: z.string().nullable() }),
  ),
});
// --- end of automatic renewal back on ---

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
  responses: ok(z.object({ bound_ip: z.string().nullable(), bound_at: z.string().nullable(), current_ip: z.string() })),
});

export const userIpBind = createRoute({
  method: "post",
  path: `${base}/user_ip/bind`,
  tags,
  security: bearer,
  summary: "Bind a public IPv4 or IPv6 address (replaces any bound one)",
  request: { headers: appTypeHeader, ...json(z.object({ ip: z.string().max(64) })) },
  responses: ok(z.object({ bound_ip: z.string(), bound_at: z.string() })),
});

export const userIpRemove = createRoute({
  method: "post",
  path: `${base}/user_ip/remove`,
  tags,
  security: bearer,
  summary: "Remove the bound IP address",
  request: { headers: appTypeHeader },
  responses: ok(z.object({ bound_ip: z.null() })),
});

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
  responses: ok(z.object({ devices: z.array(deviceSchema), limit: z.number().int() })),
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
  responses: ok(deviceSchema),
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
  responses: ok(z.object({ removed: z.number().int() })),
});

export const geoInfo = createRoute({
  method: "post",
  path: "/api/mms/account/v1/geo_info",
  tags,
  summary: "The caller's public address and country (TRUST_PROXY decides whether X-Forwarded-For counts)",
  request: { headers: appTypeHeader },
  responses: ok(z.object({ user_ip: z.string(), country: z.string(), country_code: z.string() })),
});

export const captchaChallenge = createRoute({
  method: "get",
  path: "/api/mms/captcha/v1/challenge",
  tags: ["Captcha"],
  summary: "What the page needs to produce a captcha token (provider and public settings)",
  responses: {
    200: {
      description: "Provider settings",
      content: { "application/json": { schema: envelopeSchema(z.object({ provider: z.string() }).passthrough()) } },
    },
  },
});
