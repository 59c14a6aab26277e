import { createRoute, z } from "@hono/zod-openapi";
import { emailSchema, verificationCodeSchema } from "../../../../universal/validation/account-rules";
import { answers, appTypeHeader, json, SESSION_ERRORS, WRITE_ERRORS } from "../../contract";
import { base, bearer, loginDataSchema, RATE_LIMITED, recasign, tags, userSchema } from "../contract";

/** Contracts of signing in and of sessions (SPEC §7). */

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
  responses: answers(loginDataSchema, [
    "validation",
    ...WRITE_ERRORS,
    "captchaFailed",
    "wrongCredentials",
    "codeInvalid",
    ["accountDisabled", "staff disabled this account: no sign-in until they enable it again"],
    [
      "secondFactorRequired",
      "two-factor sign-in is on: data has pending_token and methods (totp, passkey, recovery_code)",
    ],
    RATE_LIMITED,
  ]),
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
  responses: answers(loginDataSchema, ["validation", ...WRITE_ERRORS, "captchaFailed", "accountExists", RATE_LIMITED]),
});

export const logout = createRoute({
  method: "post",
  path: `${base}/logout`,
  tags,
  security: bearer,
  summary: "End this session; for a session that already ended, clear its cookie (200 either way)",
  request: { headers: appTypeHeader },
  responses: answers(z.null(), [...WRITE_ERRORS, "missingCredentials"]),
});

export const profile = createRoute({
  method: "get",
  path: `${base}/profile`,
  tags,
  security: bearer,
  summary: "The logged-in user",
  request: { headers: appTypeHeader },
  responses: answers(userSchema.extend({ created_at: z.string() }), ["badAppType", ...SESSION_ERRORS]),
});
