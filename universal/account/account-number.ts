/**
 * Account numbers (decision 042): 16 decimal digits, the whole credential of an account opened
 * without an e-mail address. Pure, for the page and the server alike: the page shows a number in
 * four groups of four Latin digits (left to right in every language, like an e-mail address) and
 * accepts one typed with spaces, hyphens or dots and in the digits of the languages we speak.
 */

export const ACCOUNT_NUMBER_DIGITS = 16;

/** Zeros of the decimal digit blocks a visitor may type in: Arabic-Indic, Persian, Devanagari, Thai, full-width. */
const DIGIT_ZEROS = [0x0660, 0x06f0, 0x0966, 0x0e50, 0xff10];

function latinDigit(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  for (const zero of DIGIT_ZEROS) {
    if (code >= zero && code <= zero + 9) return String(code - zero);
  }
  return char;
}

/** "1234567812345678" -> "1234 5678 1234 5678"; anything else is returned as it is. */
export function formatAccountNumber(digits: string): string {
  if (!/^\d{16}$/.test(digits)) return digits;
  return digits.replace(/(\d{4})(?=\d)/g, "$1 ");
}

/**
 * The 16 Latin digits of what a visitor typed, or null: spaces (also non-breaking), hyphens and
 * dots between digits are ignored, other digit scripts read as Latin digits, and anything else
 * (letters, a digit too many or too few) is refused.
 */
export function parseAccountNumber(input: string): string | null {
  if (input.length > 64) return null;
  const digits = [...input.normalize("NFKC")]
    .map(latinDigit)
    .filter((char) => !/[\s\-.\u00a0\u2010-\u2015\u202f]/u.test(char))
    .join("");
  return /^\d{16}$/.test(digits) ? digits : null;
}
