import { createRoute, z } from "@hono/zod-openapi";
import { emailSchema } from "../../../../universal/validation/account-rules";
import { answers, appTypeHeader, json, SESSION_ERRORS, WRITE_ERRORS } from "../../contract";
import { base, bearer, loginDataSchema, recasign, tags, vipSchema } from "../contract";

/** Contracts of redeeming a prepaid voucher (decision 046). */

const voucherCode = z.string().trim().min(1).max(64).openapi({
  description: "20 characters of Crockford base32, in groups of four; case, spaces and hyphens do not matter",
  example: "7K3M-Q9XD-2HNP-W4TB-CF8R",
});
const VOUCHER_ERRORS = [
  ["voucherUnknown", "no voucher has this code"],
  "voucherUsed",
  "voucherExpired",
  ["tooManyRequests", "too many unknown, used or expired codes from this address or account; see Retry-After"],
] as const;

export const redeemVoucher = createRoute({
  method: "post",
  path: `${base}/voucher/redeem`,
  tags,
  security: bearer,
  summary: "Redeem a voucher code on the signed-in account: its time is added after the VIP period the account has",
  request: { headers: appTypeHeader, ...json(z.object({ code: voucherCode })) },
  responses: answers(
    z.object({
      vip: vipSchema,
      added: z.object({ months: z.number().int(), days: z.number().int() }),
    }),
    ["validation", ...WRITE_ERRORS, ...SESSION_ERRORS, ...VOUCHER_ERRORS],
  ),
});

export const redeemVoucherAnonymous = createRoute({
  method: "post",
  path: `${base}/voucher/redeem_anonymous`,
  tags,
  summary:
    "Redeem a voucher code and create a passwordless account in the same step (the anonymous sign-up's, captcha r3); both happen or neither. An existing e-mail gets a sign-in code (40108) and the code stays unused",
  request: {
    headers: appTypeHeader,
    ...json(
      z.object({
        code: voucherCode,
        email: emailSchema,
        recasign,
        attribution: z.record(z.string(), z.string().max(200)).optional(),
      }),
    ),
  },
  responses: answers(loginDataSchema, [
    "validation",
    ...WRITE_ERRORS,
    "captchaFailed",
    "accountExists",
    ...VOUCHER_ERRORS,
  ]),
});
