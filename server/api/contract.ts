import { z } from "@hono/zod-openapi";
import type { ApiErrorName } from "../../universal/api/errors";
import { envelopeSchema, errorResponses } from "./envelope";

/** Contract pieces every API resource shares: the X-App-Type header, the 200 envelope, error groups. */

export const appTypeHeader = z.object({
  "x-app-type": z
    .string()
    .openapi({ description: "Application identifier (SPEC §1); the website is 501", example: "501" }),
});

export const json = <T extends z.ZodType>(schema: T) => ({
  body: { content: { "application/json": { schema } }, required: true },
});

/** The 200 answer of a route: the `{code, message, data}` envelope around `data`. */
export const success = <T extends z.ZodType>(data: T, description = "Success (code 200)") => ({
  200: { description, content: { "application/json": { schema: envelopeSchema(data) } } },
});

/** The 200 envelope of `data` and the route's errors, merged by status (one errorResponses call). */
export const answers = <T extends z.ZodType, const N extends ApiErrorName>(
  data: T,
  errors: readonly (N | readonly [N, string])[],
) => ({ ...success(data), ...errorResponses(errors) });

type ErrorItem = ApiErrorName | readonly [ApiErrorName, string];

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
/** What the operator API's guard answers (server/middleware/operator-auth.ts) before a handler. */
export const OPERATOR_ERRORS = [
  ["operatorTokenRequired", "no or wrong operator token"],
  ["tooManyRequests", "too many refused tokens from this address; see Retry-After"],
  ["unavailable", "the operator API is off: OPERATOR_TOKEN is not set"],
] as const satisfies readonly ErrorItem[];
