/**
 * The envelope codes of a session that ended (SPEC §8: the client asks, then clears its state). Kept
 * apart from the catalogue that uses them (errors.ts) so every page's API client stays small.
 */
export const SESSION_UNKNOWN = 50008;
export const SESSION_REVOKED = 50012;
export const SESSION_EXPIRED = 50014;

export const SESSION_ENDED_CODES: ReadonlySet<number> = new Set([SESSION_UNKNOWN, SESSION_REVOKED, SESSION_EXPIRED]);
