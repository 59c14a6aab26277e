import { z } from "@hono/zod-openapi";

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

/** Error codes shared by every API resource. */
export const ErrorCode = {
  validation: 40000,
  notFound: 40400,
  payloadTooLarge: 41300,
  tooManyRequests: 42900,
  internal: 50000,
  unavailable: 50300,
} as const;
