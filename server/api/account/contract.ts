import { z } from "@hono/zod-openapi";
import type { ApiErrorName } from "../../../universal/api/errors";
import { envelopeSchema, errorResponses } from "../envelope";

/** Pieces the account API's contracts share (SPEC §7): headers, bodies, answers, the error groups. */

export const appTypeHeader = z.object({
  "x-app-type": z
    .string()
    .openapi({ description: "Application identifier (SPEC §1); the website is 501", example: "501" }),
});

export const recasign = z.string().max(4000).default("").openapi({ description: "Captcha token (SPEC §7)" });
export const base = "/api/mms/account/v1/web";
export const tags = ["Account"];
export const bearer: Array<Record<string, string[]>> = [{ bearerAuth: [] }, { sessionCookie: [] }];

export const json = <T extends z.ZodType>(schema: T) => ({
  body: { content: { "application/json": { schema } }, required: true },
});

type ErrorItem = ApiErrorName | readonly [ApiErrorName, string];

/** The 200 envelope of `data` and the route's errors, merged by status (one errorResponses call). */
export const answers = <T extends z.ZodType, const N extends ApiErrorName>(
  data: T,
  errors: readonly (N | readonly [N, string])[],
) => ({
  200: { description: "Success (code 200)", content: { "application/json": { schema: envelopeSchema(data) } } },
  ...errorResponses(errors),
});

/** What every /api/mms call can meet before its handler: an unknown X-App-Type (requireAppType). */
export const APP_TYPE_ERRORS = ["badAppType"] as const satisfies readonly ErrorItem[];
/** Writes also pass csrfGuard: a foreign origin, or a body that is not JSON. */
export const WRITE_ERRORS = ["badAppType", "forbiddenOrigin", "jsonOnly"] as const satisfies readonly ErrorItem[];
/** Calls that need a session (requireSession). */
export const SESSION_ERRORS = [
  "missingCredentials",
  "unknownToken",
  "revokedToken",
  "expiredToken",
] as const satisfies readonly ErrorItem[];
export const RATE_LIMITED = ["tooManyRequests", "too many attempts; see Retry-After"] as const;

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

/** Captcha-protected calls are also served under /ws/mm/reca/r2/... and /ws/mm/reca/r3/... (SPEC §7). */
export const withCaptchaPrefixes = <R extends { path: string }>(route: R): R[] => [
  route,
  { ...route, path: route.path.replace("/api/mms/", "/ws/mm/reca/r2/") },
  { ...route, path: route.path.replace("/api/mms/", "/ws/mm/reca/r3/") },
];
