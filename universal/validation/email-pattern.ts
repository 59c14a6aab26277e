/**
 * SPEC §5's e-mail rule (zod-free, so a page can use it): letters, digits, underscore, hyphen and
 * dots in the local part, @, a domain of lowercase letters, digits and hyphens, and a lowercase
 * alphabetic top-level part.
 */
export const EMAIL_PATTERN = /^[A-Za-z0-9_.-]+@(?:[a-z0-9-]+\.)+[a-z]+$/;

/**
 * What people type on phones (`Name@Gmail.com `) made into what the rule checks: surrounding spaces
 * go and the domain is lower-cased (domains are case-insensitive; the local part is the mailbox
 * owner's and stays as typed). Applied before the rule, in the page and in the API.
 */
export function normalizeEmail(value: string): string {
  const trimmed = value.trim();
  const at = trimmed.lastIndexOf("@");
  return at < 0 ? trimmed : `${trimmed.slice(0, at)}@${trimmed.slice(at + 1).toLowerCase()}`;
}

/**
 * The rule for an input's `pattern` attribute (a form that posts without JavaScript), which browsers
 * compile whole and with the `v` flag (where a literal `-` in a class must be escaped). It accepts a
 * domain in any case, since the server lower-cases it first: email-pattern.test.ts checks it agrees
 * with the rule applied to the normalized address.
 */
export const EMAIL_INPUT_PATTERN = "[A-Za-z0-9_.\\-]+@(?:[A-Za-z0-9\\-]+\\.)+[A-Za-z]+";
