import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { API_ERRORS, type ApiErrorName } from "../../universal/api/errors";

/** Every API answer is `{code, message, data}`; code 200 is success (the contract of SPEC §7 clients). */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({
    code: z.number().int().openapi({ example: 200 }),
    message: z.string().openapi({ example: "ok" }),
    data,
  });
}

export const errorEnvelopeSchema = envelopeSchema(z.record(z.string(), z.unknown()).nullable()).openapi(
  "ErrorEnvelope",
);

export type Envelope<T> = { code: number; message: string; data: T };

export function ok<T>(data: T, message = "ok"): Envelope<T> {
  return { code: 200, message, data };
}

export function failure(
  code: number,
  message: string,
  data: Record<string, unknown> | null = null,
): Envelope<typeof data> {
  return { code, message, data };
}

/**
 * Answer with an error of the catalogue (universal/api/errors.ts): its code, status and message, or a
 * more precise message for this case. The status is the catalogue's literal, so a typed route only
 * compiles when its contract declares it.
 */
export function errorReply<N extends ApiErrorName>(
  c: Context,
  name: N,
  data: Record<string, unknown> | null = null,
  message?: string,
) {
  const error = API_ERRORS[name];
  // TypeScript widens an indexed generic to the union; the literal keeps route contracts checked.
  return c.json(failure(error.code, message ?? error.message, data), error.status as StatusOf<N>);
}

const errorContent = { "application/json": { schema: errorEnvelopeSchema } };

type StatusOf<N extends ApiErrorName> = (typeof API_ERRORS)[N]["status"];
type ErrorResponse = { description: string; content: typeof errorContent };

/**
 * The OpenAPI responses for the errors a route can answer, grouped by HTTP status; each description
 * lists the codes and messages from the catalogue, with a note on this route's case where given.
 */
export function errorResponses<const N extends ApiErrorName>(
  errors: readonly (N | readonly [N, string])[],
): { [S in StatusOf<N>]: ErrorResponse } {
  const responses: Record<number, ErrorResponse> = {};
  for (const item of errors) {
    const [name, note] = typeof item === "string" ? [item, undefined] : item;
    const error = API_ERRORS[name];
    const line = `${error.code}: ${note ?? error.message}`;
    const existing = responses[error.status];
    responses[error.status] = existing
      ? { ...existing, description: `${existing.description}; ${line}` }
      : { description: line, content: errorContent };
  }
  return responses as { [S in StatusOf<N>]: ErrorResponse };
}
