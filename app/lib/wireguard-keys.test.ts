import { x25519 } from "@noble/curves/ed25519.js";
import { describe, expect, it } from "vitest";
import { fromBase64, isWireGuardKey } from "../../universal/wireguard/keys";
import { nobleKeyPair, webCryptoKeyPair } from "./wireguard-keys";

describe("WireGuard key pairs", () => {
  it.each([
    ["WebCrypto", () => webCryptoKeyPair()],
    ["@noble/curves", nobleKeyPair],
  ])("%s gives a pair whose public key is X25519 of its private key", async (_name, generate) => {
    const pair = await generate();
    if (!pair) throw new Error("no X25519 in this WebCrypto");
    expect(isWireGuardKey(pair.privateKey)).toBe(true);
    expect(isWireGuardKey(pair.publicKey)).toBe(true);
    expect(x25519.getPublicKey(fromBase64(pair.privateKey))).toEqual(fromBase64(pair.publicKey));
  });

  it("falls back when WebCrypto has no X25519 (null, never a throw)", async () => {
    const refusing = { generateKey: () => Promise.reject(new DOMException("no", "NotSupportedError")) };
    expect(await webCryptoKeyPair(refusing as unknown as SubtleCrypto)).toBeNull();
  });
});
