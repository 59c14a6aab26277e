import { z } from "zod";
import {
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_PATTERNS,
  VERIFICATION_CODE_PATTERN,
} from "./account-checks";
import { normalizeEmail } from "./email-pattern";

export { passwordChecks } from "./account-checks";

/**
 * The account input rules of SPEC §5 as the API's zod schemas, built from the constants of
 * account-checks.ts (the zod-free functions the browser uses). Messages are translation keys
 * (namespace `validation`), so each side shows them in the user's language.
 */

// Trimmed with the domain lower-cased first (normalizeEmail): the address stored is the one checked.
export const emailSchema = z
  .string({ error: "email.required" })
  .overwrite(normalizeEmail)
  .min(1, "email.required")
  .max(EMAIL_MAX_LENGTH, "email.invalid")
  .regex(EMAIL_PATTERN, "email.invalid");

/**
 * 8-20 visible ASCII characters, no spaces, a lowercase, an uppercase and a symbol. The server
 * also refuses the 10,000 most common passwords (core/auth/password-policy.ts): that list
 * stays out of the browser's bundle.
 */
export const passwordSchema = PASSWORD_PATTERNS.reduce(
  (schema, [pattern, key]) => schema.regex(pattern, key),
  z
    .string({ error: "password.required" })
    .min(1, "password.required")
    .min(PASSWORD_MIN_LENGTH, "password.length")
    .max(PASSWORD_MAX_LENGTH, "password.length"),
);

export const verificationCodeSchema = z.string().trim().regex(VERIFICATION_CODE_PATTERN, "code.invalid");

export const VERIFICATION_PURPOSES = ["reset_password", "set_password", "login"] as const;
export const purposeSchema = z.enum(VERIFICATION_PURPOSES, { error: "purpose.invalid" });
