import { createRoute, z } from "@hono/zod-openapi";
import { answers, appTypeHeader, json, WRITE_ERRORS } from "../../contract";
import { base, loginDataSchema, RATE_LIMITED, recasign, tags } from "../contract";

/** Contracts of account numbers (decision 042): open an account without an e-mail address, sign in with its number. */

export const createAccountNumber = createRoute({
  method: "post",
  path: `${base}/account_number`,
  tags,
  summary:
    "Open an account without an e-mail address (captcha r3): answers its 16-digit account number once, and signs it in. Only with ACCOUNT_NUMBERS=on (else 40170)",
  request: {
    headers: appTypeHeader,
    ...json(
      z.object({
        recasign,
        attribution: z
          .record(z.string(), z.string().max(200))
          .optional()
          .openapi({ description: "utm_*, channel, invite_*, affiliate_network, affiliate_click_id, front_id" }),
      }),
    ),
  },
  responses: answers(
    loginDataSchema.extend({
      account_number: z
        .string()
        .regex(/^\d{16}$/)
        .openapi({ description: "The number, 16 digits; never shown again: the owner writes it down" }),
    }),
    ["validation", ...WRITE_ERRORS, "captchaFailed", "accountNumbersOff", RATE_LIMITED],
  ),
});

export const accountNumberLogin = createRoute({
  method: "post",
  path: `${base}/account_number/login`,
  tags,
  summary:
    "Sign in with an account number (captcha r2); spaces, hyphens and other digit scripts are accepted. Wrong numbers are counted per client address (42900 after 10 an hour); with two-factor sign-in on, 40160",
  request: {
    headers: appTypeHeader,
    ...json(z.object({ account_number: z.string().min(1, "accountNumber.required").max(64), recasign })),
  },
  responses: answers(loginDataSchema, [
    "validation",
    ...WRITE_ERRORS,
    "captchaFailed",
    "accountNumbersOff",
    "accountNumberWrong",
    "accountDisabled",
    ["secondFactorRequired", "two-factor sign-in is on: data has pending_token and methods"],
    RATE_LIMITED,
  ]),
});
