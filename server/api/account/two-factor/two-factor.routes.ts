import { createRoute, z } from "@hono/zod-openapi";
import { verificationCodeSchema } from "../../../../universal/validation/account-rules";
import { answers, appTypeHeader, json, SESSION_ERRORS, WRITE_ERRORS } from "../../contract";
import { base, bearer, loginDataSchema, RATE_LIMITED, tags } from "../contract";

/** Contracts of two-factor sign-in (decision 039): the second step of a sign-in, passkeys, and the account's settings. */

const pendingToken = z
  .string()
  .min(1)
  .max(200)
  .openapi({ description: "The `pending_token` of login's 40160 answer; lives 5 minutes, 5 tries" });
const totpCode = z
  .string()
  .trim()
  .regex(/^\d{3} ?\d{3}$/, "code.invalid")
  .openapi({ description: "The 6 digits an authenticator app shows" });
const recoveryCode = z
  .string()
  .trim()
  .min(10, "code.invalid")
  .max(20, "code.invalid")
  .openapi({ description: "One of the ten recovery codes (xxxxx-xxxxx), each usable once" });
// The browser's WebAuthn answer as @simplewebauthn/browser gives it; the verifier checks every field.
const webauthnResponse = z
  .object({ id: z.string().max(1500), rawId: z.string().max(1500), type: z.literal("public-key") })
  .passthrough()
  .openapi({ description: "PublicKeyCredential JSON (WebAuthn Level 3 toJSON)" });
const webauthnOptions = z
  .record(z.string(), z.unknown())
  .openapi({ description: "PublicKeyCredential creation or request options, JSON (WebAuthn Level 3)" });
const recoveryCodes = z
  .array(z.string())
  .nullable()
  .openapi({ description: "The ten new recovery codes, shown once; null when the account had some already" });
const twoTag = ["Account: two-factor sign-in"];

export const secondFactorLogin = createRoute({
  method: "post",
  path: `${base}/login/second_factor`,
  tags,
  summary: "Finish a sign-in that answered 40160 with an authenticator code or a recovery code; starts the session",
  request: {
    headers: appTypeHeader,
    ...json(
      z
        .object({ pending_token: pendingToken, code: totpCode.optional(), recovery_code: recoveryCode.optional() })
        .refine((body) => (body.code === undefined) !== (body.recovery_code === undefined), {
          message: "code.required",
          path: ["code"],
        }),
    ),
  },
  responses: answers(loginDataSchema, [
    "validation",
    ...WRITE_ERRORS,
    "secondFactorInvalid",
    "signInStepExpired",
    "accountDisabled",
    RATE_LIMITED,
  ]),
});

export const passkeyOptions = createRoute({
  method: "post",
  path: `${base}/passkey/options`,
  tags,
  summary:
    "Options for navigator.credentials.get: any passkey (sign in with a passkey alone), or with pending_token one of that account's keys",
  request: { headers: appTypeHeader, ...json(z.object({ pending_token: pendingToken.optional() })) },
  responses: answers(z.object({ options: webauthnOptions }), [
    "validation",
    ...WRITE_ERRORS,
    "passkeysUnavailable",
    "signInStepExpired",
  ]),
});

export const passkeyLogin = createRoute({
  method: "post",
  path: `${base}/passkey/login`,
  tags,
  summary: "Sign in with a passkey's signature over passkey/options' challenge (alone, or as the second factor)",
  request: {
    headers: appTypeHeader,
    ...json(z.object({ response: webauthnResponse, pending_token: pendingToken.optional() })),
  },
  responses: answers(loginDataSchema, [
    "validation",
    ...WRITE_ERRORS,
    "passkeysUnavailable",
    "passkeyRefused",
    "signInStepExpired",
    "accountDisabled",
    RATE_LIMITED,
  ]),
});

const statusSchema = z.object({
  enabled: z.boolean(),
  totp: z.boolean(),
  passkeys: z.array(
    z.object({
      id: z.number().int(),
      name: z.string().nullable().openapi({ description: "The owner's label; null for passkeys added before names" }),
      created_at: z.string(),
      last_used_at: z.string().nullable(),
    }),
  ),
  recovery_codes_left: z.number().int(),
  passkeys_available: z.boolean().openapi({ description: "False when the server has no PUBLIC_ORIGIN host name" }),
  recent_sign_in: z
    .boolean()
    .openapi({ description: "Changes are allowed now (signed in or confirmed in the last 10 minutes)" }),
});

export const status = createRoute({
  method: "get",
  path: `${base}/two_factor`,
  tags: twoTag,
  security: bearer,
  summary: "The account's second factors",
  request: { headers: appTypeHeader },
  responses: answers(statusSchema, ["badAppType", ...SESSION_ERRORS]),
});

export const confirm = createRoute({
  method: "post",
  path: `${base}/two_factor/confirm`,
  tags: twoTag,
  security: bearer,
  summary: "Prove it is you again (password, or an e-mailed `login` code): allows 2FA changes for 10 minutes",
  request: {
    headers: appTypeHeader,
    ...json(
      z
        .object({ password: z.string().max(200).optional(), code: verificationCodeSchema.optional() })
        .refine((body) => body.password !== undefined || body.code !== undefined, {
          message: "password.required",
          path: ["password"],
        }),
    ),
  },
  responses: answers(z.null(), [
    "validation",
    ...WRITE_ERRORS,
    ...SESSION_ERRORS,
    "wrongCredentials",
    "codeInvalid",
    RATE_LIMITED,
  ]),
});

const CHANGE_ERRORS = [...WRITE_ERRORS, ...SESSION_ERRORS, "recentSignInRequired"] as const;

export const startTotp = createRoute({
  method: "post",
  path: `${base}/two_factor/totp/start`,
  tags: twoTag,
  security: bearer,
  summary: "A new authenticator secret (not in force until totp/enable confirms a code)",
  request: { headers: appTypeHeader },
  responses: answers(
    z.object({
      secret: z.string().openapi({ description: "Base32" }),
      uri: z.string().openapi({ description: "otpauth:// address for the QR code" }),
    }),
    [...CHANGE_ERRORS, "totpNotPending"],
  ),
});

export const enableTotp = createRoute({
  method: "post",
  path: `${base}/two_factor/totp/enable`,
  tags: twoTag,
  security: bearer,
  summary: "Confirm the authenticator with its first code; the first factor also makes ten recovery codes",
  request: { headers: appTypeHeader, ...json(z.object({ code: totpCode })) },
  responses: answers(z.object({ recovery_codes: recoveryCodes }), [
    "validation",
    ...CHANGE_ERRORS,
    "secondFactorInvalid",
  ]),
});

export const passkeyRegistrationOptions = createRoute({
  method: "post",
  path: `${base}/two_factor/passkeys/options`,
  tags: twoTag,
  security: bearer,
  summary: "Options for navigator.credentials.create (a passkey or security key for this account)",
  request: { headers: appTypeHeader },
  responses: answers(z.object({ options: webauthnOptions }), [...CHANGE_ERRORS, "passkeysUnavailable"]),
});

export const addPasskey = createRoute({
  method: "post",
  path: `${base}/two_factor/passkeys/add`,
  tags: twoTag,
  security: bearer,
  summary: "Store the passkey the browser created; the first factor also makes ten recovery codes",
  request: {
    headers: appTypeHeader,
    ...json(
      z.object({
        response: webauthnResponse,
        name: z
          .string()
          .max(200)
          .optional()
          .openapi({ description: "A label; without one, the browser and system it is added on" }),
      }),
    ),
  },
  responses: answers(z.object({ recovery_codes: recoveryCodes }), [
    "validation",
    ...CHANGE_ERRORS,
    "passkeysUnavailable",
    "passkeyRefused",
  ]),
});

export const removePasskey = createRoute({
  method: "post",
  path: `${base}/two_factor/passkeys/remove`,
  tags: twoTag,
  security: bearer,
  summary: "Remove one passkey (the last factor gone, two-factor sign-in is off)",
  request: { headers: appTypeHeader, ...json(z.object({ id: z.number().int().positive() })) },
  responses: answers(z.null(), ["validation", ...CHANGE_ERRORS, "notFound"]),
});

export const renamePasskey = createRoute({
  method: "post",
  path: `${base}/two_factor/passkeys/rename`,
  tags: twoTag,
  security: bearer,
  summary: "Change one passkey's label (no recent sign-in needed: a label changes nothing of sign-in)",
  request: {
    headers: appTypeHeader,
    ...json(
      z.object({
        id: z.number().int().positive(),
        name: z.string().trim().min(1, "passkeyName.required").max(60, "passkeyName.tooLong"),
      }),
    ),
  },
  responses: answers(z.null(), ["validation", ...WRITE_ERRORS, ...SESSION_ERRORS, "notFound"]),
});

export const newRecoveryCodes = createRoute({
  method: "post",
  path: `${base}/two_factor/recovery_codes`,
  tags: twoTag,
  security: bearer,
  summary: "Ten new recovery codes (the old ones stop working), shown once",
  request: { headers: appTypeHeader },
  responses: answers(z.object({ recovery_codes: z.array(z.string()) }), [...CHANGE_ERRORS, "notFound"]),
});

export const turnOff = createRoute({
  method: "post",
  path: `${base}/two_factor/off`,
  tags: twoTag,
  security: bearer,
  summary: "Turn two-factor sign-in off: the authenticator, every passkey and the recovery codes are removed",
  request: { headers: appTypeHeader },
  responses: answers(z.null(), [...CHANGE_ERRORS]),
});
