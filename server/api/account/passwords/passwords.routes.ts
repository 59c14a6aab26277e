import { createRoute, z } from "@hono/zod-openapi";
import {
  emailSchema,
  passwordSchema,
  purposeSchema,
  verificationCodeSchema,
} from "../../../../universal/validation/account-rules";
import { answers, appTypeHeader, json, SESSION_ERRORS, WRITE_ERRORS } from "../../contract";
import { base, bearer, RATE_LIMITED, recasign, tags, userSchema } from "../contract";

/** Contracts of e-mailed codes and passwords (SPEC §7, decision 020). */

export const verificationRequest = createRoute({
  method: "post",
  path: `${base}/verification/request`,
  tags,
  summary:
    "E-mail a 6-digit code (10 minutes, single use, 5 tries; captcha r3); the answer never says whether the e-mail has an account",
  request: { headers: appTypeHeader, ...json(z.object({ email: emailSchema, purpose: purposeSchema, recasign })) },
  responses: answers(z.object({ sent: z.literal(true), expires_in: z.number().int() }), [
    "validation",
    ...WRITE_ERRORS,
    "captchaFailed",
    RATE_LIMITED,
  ]),
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
  responses: answers(z.object({ ticket: z.string(), expires_in: z.number().int() }), [
    "validation",
    ...WRITE_ERRORS,
    "codeInvalid",
    RATE_LIMITED,
  ]),
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
  responses: answers(userSchema, [
    ["validation", "invalid request; a common password is data.fields.password = password.common"],
    ...WRITE_ERRORS,
    ...SESSION_ERRORS,
    "passwordAlreadySet",
    ["emailRequired", "an account-number account adds an e-mail address first (decision 042)"],
    "codeRequired",
    "codeInvalid",
    RATE_LIMITED,
  ]),
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
  responses: answers(userSchema, [
    ["validation", "invalid request; a common password is data.fields.new_password = password.common"],
    ...WRITE_ERRORS,
    ...SESSION_ERRORS,
    "oldPasswordWrong",
    RATE_LIMITED,
  ]),
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
  responses: answers(z.object({ reset: z.literal(true) }), [
    ["validation", "invalid request; a common password is data.fields.password = password.common"],
    ...WRITE_ERRORS,
    "codeInvalid",
    RATE_LIMITED,
  ]),
});
