/**
 * WireGuard keys as `wg` writes them: 32 bytes in standard base64 with padding (44 characters).
 * Zod-free, so the page and the server's contract share it.
 */
export const WIREGUARD_KEY_PATTERN = /^[A-Za-z0-9+/]{42}[AEIMQUYcgkosw048]=$/;

/** True for exactly 32 bytes of canonical base64 (the last character's unused bits zero). */
export function isWireGuardKey(text: string): boolean {
  return WIREGUARD_KEY_PATTERN.test(text);
}

/** Standard base64 of bytes (no Buffer: the page runs it too). */
export function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
