/**
 * What the account's security log records (core/auth/security-events.ts) and the account page
 * names (myaccount `security.kinds.*`). Shared so the page and the server agree on the list.
 */
export const SECURITY_EVENT_KINDS = [
  "sign_in",
  "sign_in_failed",
  "password_changed",
  "email_changed",
  "email_restored",
  "two_factor_enabled",
  "two_factor_disabled",
  "passkey_added",
  "passkey_removed",
] as const;

export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number];

/** How long the log keeps an event (and the account page says so). */
export const SECURITY_LOG_DAYS = 90;

/** Changes the account's owner hears about by e-mail (sign-ins are only logged). */
export function isNotifiedChange(kind: SecurityEventKind): boolean {
  return kind !== "sign_in" && kind !== "sign_in_failed";
}
