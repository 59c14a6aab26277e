/**
 * SPEC §5's e-mail rule (zod-free, so a page can use it): letters, digits, underscore, hyphen and
 * dots in the local part, @, a domain of lowercase letters, digits and hyphens, and a lowercase
 * alphabetic top-level part.
 */
export const EMAIL_PATTERN = /^[A-Za-z0-9_.-]+@(?:[a-z0-9-]+\.)+[a-z]+$/;

/**
 * The same rule for an input's `pattern` attribute, which browsers compile whole and with the `v`
 * flag (where a literal `-` in a class must be escaped). email-pattern.test.ts keeps the two equal.
 */
export const EMAIL_INPUT_PATTERN = "[A-Za-z0-9_.\\-]+@(?:[a-z0-9\\-]+\\.)+[a-z]+";
