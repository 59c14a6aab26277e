/**
 * Invite codes (decision 047): 10 characters of Crockford's base32 (50 random bits), upper case.
 * Not secret (a customer shares theirs), only unguessable enough that nobody stumbles on someone
 * else's. Zod-free: the page and the server's /i/{code} redirect read it.
 */
export const INVITE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const INVITE_CODE_LENGTH = 10;
/** The invite_type of the links the account gives out. */
export const INVITE_TYPE = "friend";

/** The canonical form (upper case, trimmed), or null when the text cannot be an invite code. */
export function normaliseInviteCode(input: string | null | undefined): string | null {
  const code = (input ?? "").trim().toUpperCase();
  if (code.length !== INVITE_CODE_LENGTH) return null;
  for (const char of code) if (!INVITE_ALPHABET.includes(char)) return null;
  return code;
}

/** A new code from random bytes (one byte per character, its low five bits: uniform over 32). */
export function inviteCodeFromBytes(bytes: Uint8Array): string {
  if (bytes.length < INVITE_CODE_LENGTH) throw new Error(`need ${INVITE_CODE_LENGTH} random bytes`);
  let code = "";
  for (let i = 0; i < INVITE_CODE_LENGTH; i++) code += INVITE_ALPHABET[(bytes[i] ?? 0) & 31];
  return code;
}

/** The long link (SPEC §9: from=invite marks invite source 30001) and the short one that redirects to it. */
export function inviteLinks(origin: string, code: string) {
  const query = new URLSearchParams({ from: "invite", invite_code: code, invite_type: INVITE_TYPE });
  return { link: `${origin}/?${query.toString()}`, shortLink: `${origin}/i/${code}` };
}
