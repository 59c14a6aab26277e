import { z } from "@hono/zod-openapi";

/** Pieces the account API's contracts share (SPEC §7); those of every resource are in ../contract.ts. */

export const recasign = z.string().max(4000).default("").openapi({ description: "Captcha token (SPEC §7)" });
export const base = "/api/mms/account/v1/web";
export const tags = ["Account"];
export const bearer: Array<Record<string, string[]>> = [{ bearerAuth: [] }, { sessionCookie: [] }];

export const RATE_LIMITED = ["tooManyRequests", "too many attempts; see Retry-After"] as const;

export const vipSchema = z.object({
  is_vip: z.boolean(),
  remain_time: z.number().int(),
  expire_at: z.string().nullable(),
});

export const userSchema = z.object({
  user_id: z.number().int(),
  email: z
    .string()
    .nullable()
    .openapi({ description: "Null for an account opened with an account number (decision 042) until it adds one" }),
  has_account_number: z
    .boolean()
    .openapi({ description: "The account signs in with its 16-digit account number (decision 042)" }),
  is_password_set: z.boolean(),
  is_email_verified: z
    .boolean()
    .openapi({ description: "The owner proved the address with an e-mailed code; until then set_password needs one" }),
  vip: vipSchema,
});

/** What a sign-in answers (login, sign-up, the second step, passkeys). */
export const loginDataSchema = userSchema.extend({
  token: z.string().optional().openapi({ description: "Only for app clients; browsers get an HttpOnly cookie" }),
});
