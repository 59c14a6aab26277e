/**
 * The account input rules of SPEC §5 as plain functions, for the browser: the login, reset and
 * checkout apps check a field as it is typed without shipping zod (~23 KB gz) to the visitor.
 * account-rules.ts builds the server's zod schemas from the same constants, and its test holds
 * both sides to one table. Each function answers the first broken rule's translation key
 * (namespace `validation`), in the order the schema reports it, or undefined when the value passes.
 */

// Local part: letters, digits, underscore, hyphen, dots; domain: lowercase letters, digits,
// hyphens, dot-separated; a lowercase alphabetic top-level part.
import { EMAIL_PATTERN, normalizeEmail } from "./email-pattern";

export { EMAIL_PATTERN };
export const EMAIL_MAX_LENGTH = 254;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 20;
/** Each character rule of a password with its key, in the order the schema checks them. */
export const PASSWORD_PATTERNS = [
  [/^[\x21-\x7e]+$/, "password.characters"],
  [/[a-z]/, "password.lowercase"],
  [/[A-Z]/, "password.uppercase"],
  [/[^A-Za-z0-9]/, "password.symbol"],
] as const;

export const VERIFICATION_CODE_PATTERN = /^\d{6}$/;

export function emailIssue(value: string): string | undefined {
  const email = normalizeEmail(value);
  if (email.length === 0) return "email.required";
  if (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email)) return "email.invalid";
  return undefined;
}

export function passwordIssue(password: string): string | undefined {
  if (password.length === 0) return "password.required";
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) return "password.length";
  return PASSWORD_PATTERNS.find(([pattern]) => !pattern.test(password))?.[1];
}

export function verificationCodeIssue(value: string): string | undefined {
  return VERIFICATION_CODE_PATTERN.test(value.trim()) ? undefined : "code.invalid";
}

/** Each rule of the password, for the strength hints shown while typing. */
export function passwordChecks(password: string) {
  const [characters, lowercase, uppercase, symbol] = PASSWORD_PATTERNS.map(([pattern]) => pattern.test(password));
  return {
    length: password.length >= PASSWORD_MIN_LENGTH && password.length <= PASSWORD_MAX_LENGTH,
    characters: password.length > 0 && Boolean(characters),
    lowercase: Boolean(lowercase),
    uppercase: Boolean(uppercase),
    symbol: Boolean(symbol),
  };
}
