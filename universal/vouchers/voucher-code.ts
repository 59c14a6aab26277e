/**
 * Voucher codes (decision 046): 20 characters of Crockford's base32 (100 random bits), shown in
 * five groups of four ("7K3M-…"). What a buyer types is normalised before it is hashed: case,
 * spaces and hyphens do not matter, and the letters that look like digits (O, I, L) read as them.
 * Zod-free: the /redeem page formats its input with it.
 */
export const VOUCHER_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const VOUCHER_CODE_LENGTH = 20;
const GROUP = 4;

/** The canonical form (20 alphabet characters), or null when the input cannot be a voucher code. */
export function normaliseVoucherCode(input: string): string | null {
  const compact = input
    .toUpperCase()
    .replace(/[\s\-_.]/g, "")
    .replace(/O/g, "0")
    .replace(/[IL]/g, "1");
  if (compact.length !== VOUCHER_CODE_LENGTH) return null;
  for (const char of compact) if (!VOUCHER_ALPHABET.includes(char)) return null;
  return compact;
}

/** The printed form: groups of four joined by hyphens. */
export function formatVoucherCode(canonical: string): string {
  const groups: string[] = [];
  for (let i = 0; i < canonical.length; i += GROUP) groups.push(canonical.slice(i, i + GROUP));
  return groups.join("-");
}

/** A new code from random bytes (one byte per character, its low five bits: uniform over 32). */
export function voucherCodeFromBytes(bytes: Uint8Array): string {
  if (bytes.length < VOUCHER_CODE_LENGTH) throw new Error(`need ${VOUCHER_CODE_LENGTH} random bytes`);
  let code = "";
  for (let i = 0; i < VOUCHER_CODE_LENGTH; i++) code += VOUCHER_ALPHABET[(bytes[i] ?? 0) & 31];
  return code;
}
