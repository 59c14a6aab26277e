import { z } from "zod";
import { EMAIL_PATTERN } from "./email-pattern";

/**
 * The account input rules of SPEC §5, as zod schemas shared by the browser and the server.
 * Messages are translation keys (namespace `validation`), so each side shows them in the user's language.
 */

const EMAIL = EMAIL_PATTERN;

export const emailSchema = z
  .string({ error: "email.required" })
  .trim()
  .min(1, "email.required")
  .max(254, "email.invalid")
  .regex(EMAIL, "email.invalid");

/**
 * 8-20 visible ASCII characters, no spaces, a lowercase, an uppercase and a symbol. The server
 * also refuses the 10,000 most common passwords (core/auth/password-policy.ts): that list
 * stays out of the browser's bundle.
 */
export const passwordSchema = z
  .string({ error: "password.required" })
  .min(1, "password.required")
  .min(8, "password.length")
  .max(20, "password.length")
  .regex(/^[\x21-\x7e]+$/, "password.characters")
  .regex(/[a-z]/, "password.lowercase")
  .regex(/[A-Z]/, "password.uppercase")
  .regex(/[^A-Za-z0-9]/, "password.symbol");

/** Each rule of the password, for the strength hints shown while typing. */
export function passwordChecks(password: string) {
  return {
    length: password.length >= 8 && password.length <= 20,
    characters: password.length > 0 && /^[\x21-\x7e]+$/.test(password),
    lowercase: /[a-z]/.test(password),
    uppercase: /[A-Z]/.test(password),
    symbol: /[^A-Za-z0-9]/.test(password),
  };
}

export const verificationCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, "code.invalid");

export const VERIFICATION_PURPOSES = ["reset_password", "set_password", "login"] as const;
export const purposeSchema = z.enum(VERIFICATION_PURPOSES, { error: "purpose.invalid" });
