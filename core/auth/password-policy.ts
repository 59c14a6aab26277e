import { passwordSchema } from "../../universal/validation/account-rules";
import commonPasswords from "./common-passwords.json";

// The 10,000 most common passwords, most common first (zxcvbn-ts common dictionary, MIT licence).
const COMMON = new Set<string>(commonPasswords);

export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.toLowerCase());
}

/** The server's password rule: SPEC §5, and not a common password. */
export const newPasswordSchema = passwordSchema.refine((password) => !isCommonPassword(password), "password.common");
