import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { and, eq } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { passkeys } from "../../../db/schema";
import { rememberPasskeyChallenge, takePasskeyChallenge } from "./challenges";

/**
 * Who the passkeys belong to: the site's public origin from the configuration, never a request's
 * Host header (a passkey made for one name never signs for another).
 */
export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

/** The relying party of a public origin; WebAuthn needs a host name (not an IP address). */
export function relyingParty(publicOrigin: string | undefined, name: string): RelyingParty | null {
  if (!publicOrigin) return null;
  const url = new URL(publicOrigin);
  if (/^[\d.]+$/.test(url.hostname) || url.hostname.includes(":") || url.hostname.startsWith("[")) return null;
  return { id: url.hostname, origin: url.origin, name };
}

/** The challenge a browser signed, read from its clientDataJSON (checked again by the verifier). */
export function signedChallenge(clientDataJSON: string): string | null {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, "base64url").toString("utf8")) as { challenge?: unknown };
    return typeof data.challenge === "string" && data.challenge.length <= 200 ? data.challenge : null;
  } catch {
    return null;
  }
}

export async function listPasskeys(db: Database, userId: number) {
  return db
    .select({ id: passkeys.id, name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(passkeys.id);
}

/** Options for the browser to create a passkey for this account (the ones it has are excluded). */
export async function passkeyRegistrationOptions(
  db: Database,
  rp: RelyingParty,
  user: { id: number; email: string | null },
  now = new Date(),
) {
  const existing = await db
    .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, user.id));
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    // An account-number account has no address: the authenticator lists it by the site's account id.
    userName: user.email ?? `${rp.name} ${user.id}`,
    userID: new TextEncoder().encode(`user-${user.id}`),
    attestationType: "none",
    excludeCredentials: existing.map((key) => ({ id: key.credentialId, transports: key.transports })),
    // Discoverable when the authenticator can: that is what lets a passkey sign in alone.
    authenticatorSelection: { residentKey: "preferred", userVerification: "preferred" },
  });
  await rememberPasskeyChallenge(db, { challenge: options.challenge, kind: "passkey_register", userId: user.id, now });
  return options;
}

/** A label as stored: trimmed, control characters dropped, at most 60 characters; null when nothing is left. */
export function passkeyName(name: string | null | undefined): string | null {
  if (!name) return null;
  const clean = [...name]
    .filter((char) => !/\p{Cc}/u.test(char))
    .join("")
    .replace(/\s+/g, " ")
    .trim();
  return clean ? [...clean].slice(0, 60).join("") : null;
}

/** Renames one of the account's passkeys; false when it has no such passkey. */
export async function renamePasskey(db: Database, userId: number, passkeyId: number, name: string): Promise<boolean> {
  const renamed = await db
    .update(passkeys)
    .set({ name: passkeyName(name) })
    .where(and(eq(passkeys.userId, userId), eq(passkeys.id, passkeyId)))
    .returning({ id: passkeys.id });
  return renamed.length === 1;
}

/** Stores the new passkey when the browser's answer is valid for our challenge, origin and name. */
export async function registerPasskey(
  db: Database,
  rp: RelyingParty,
  userId: number,
  response: RegistrationResponseJSON,
  now = new Date(),
  /** The label the owner sees; the page proposes the browser and system it is added on. */
  name: string | null = null,
): Promise<boolean> {
  const challenge = signedChallenge(response.response.clientDataJSON);
  const taken = challenge ? await takePasskeyChallenge(db, { challenge, kind: "passkey_register", now }) : null;
  if (!taken || taken.userId !== userId) return false;
  const verification = await verifyRegistrationResponse({
    response,
    expectedChallenge: taken.challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: false,
  }).catch(() => null);
  if (!verification?.verified) return false;
  const { credential } = verification.registrationInfo;
  const stored = await db
    .insert(passkeys)
    .values({
      userId,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString("base64url"),
      counter: credential.counter,
      transports: credential.transports ?? [],
      name: passkeyName(name),
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: passkeys.id });
  return stored.length === 1;
}

/**
 * Options to sign in with a passkey: any discoverable one (passwordless), or, as the second
 * factor of a pending sign-in, one of that account's keys.
 */
export async function passkeySignInOptions(db: Database, rp: RelyingParty, userId: number | null, now = new Date()) {
  const allowed = userId
    ? await db
        .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
        .from(passkeys)
        .where(eq(passkeys.userId, userId))
    : [];
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: allowed.map((key) => ({ id: key.credentialId, transports: key.transports as never })),
    userVerification: "preferred",
  });
  await rememberPasskeyChallenge(db, { challenge: options.challenge, kind: "passkey_sign_in", userId, now });
  return options;
}

/**
 * The account a passkey's signature proves, or null. Alone it must also prove the person
 * (user verification: PIN, fingerprint); as a second factor, presence is enough. The signature
 * counter must move forward when the authenticator keeps one (a cloned key shows up as a step back).
 */
export async function verifyPasskeySignIn(
  db: Database,
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
  options: { userId?: number; now?: Date } = {},
): Promise<number | null> {
  const now = options.now ?? new Date();
  const challenge = signedChallenge(response.response.clientDataJSON);
  const taken = challenge ? await takePasskeyChallenge(db, { challenge, kind: "passkey_sign_in", now }) : null;
  if (!taken || (taken.userId ?? undefined) !== options.userId) return null;
  const [key] = await db.select().from(passkeys).where(eq(passkeys.credentialId, response.id));
  if (!key || (options.userId !== undefined && key.userId !== options.userId)) return null;
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge: taken.challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: {
      id: key.credentialId,
      publicKey: new Uint8Array(Buffer.from(key.publicKey, "base64url")),
      counter: key.counter,
      transports: key.transports as never,
    },
    requireUserVerification: options.userId === undefined,
  }).catch(() => null);
  if (!verification?.verified) return null;
  await db
    .update(passkeys)
    .set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: now })
    .where(eq(passkeys.id, key.id));
  return key.userId;
}

export async function removePasskey(db: Database, userId: number, passkeyId: number): Promise<boolean> {
  const removed = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  return removed.length === 1;
}
