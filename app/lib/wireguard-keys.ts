import { toBase64 } from "../../universal/wireguard/keys";

/** A WireGuard key pair in `wg`'s text form (base64 of 32 bytes each). */
export interface WireGuardKeyPair {
  privateKey: string;
  publicKey: string;
}

/** base64url (a JWK's `d` and `x`) to bytes. */
function fromBase64Url(text: string): Uint8Array {
  const padded = text
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(text.length / 4) * 4, "=");
  const binary = atob(padded);
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** X25519 in WebCrypto (Chromium 133+, Firefox 130+, Safari 17+); null where the browser lacks it. */
export async function webCryptoKeyPair(
  subtle: SubtleCrypto | undefined = globalThis.crypto?.subtle,
): Promise<WireGuardKeyPair | null> {
  if (!subtle) return null;
  try {
    const pair = (await subtle.generateKey({ name: "X25519" }, true, ["deriveBits"])) as CryptoKeyPair;
    const jwk = await subtle.exportKey("jwk", pair.privateKey);
    if (!jwk.d || !jwk.x) return null;
    return { privateKey: toBase64(fromBase64Url(jwk.d)), publicKey: toBase64(fromBase64Url(jwk.x)) };
  } catch {
    return null;
  }
}

/** The audited fallback (@noble/curves), loaded only where WebCrypto has no X25519. */
export async function nobleKeyPair(): Promise<WireGuardKeyPair> {
  const { x25519 } = await import("@noble/curves/ed25519.js");
  const secretKey = x25519.utils.randomSecretKey();
  return { privateKey: toBase64(secretKey), publicKey: toBase64(x25519.getPublicKey(secretKey)) };
}

/**
 * Generates the key pair in the browser (decision 044): the private key stays in the page and goes
 * only into the configuration file; the server only ever sees the public key.
 */
export async function generateWireGuardKeyPair(): Promise<WireGuardKeyPair> {
  return (await webCryptoKeyPair()) ?? nobleKeyPair();
}
