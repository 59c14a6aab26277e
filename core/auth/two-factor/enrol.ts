import type { RegistrationResponseJSON } from "@simplewebauthn/server";
import type { Database } from "../../../db/client";
import { type RelyingParty, registerPasskey, removePasskey } from "./passkeys";
import { replaceRecoveryCodes } from "./recovery-codes";
import { checkTotp } from "./totp";
import { dropCodesWithoutFactors, secondFactors } from "./two-factor";

/**
 * Turning the first factor on also makes the ten recovery codes, shown once; adding a second
 * factor later keeps the codes the owner has already put away.
 */
async function codesIfFirst(db: Database, userId: number, hadFactors: boolean, now: Date) {
  return hadFactors ? null : replaceRecoveryCodes(db, userId, now);
}

export type EnrolResult = { ok: true; recoveryCodes: string[] | null } | { ok: false };

/** Confirms the started authenticator with its first code. */
export async function enableTotp(db: Database, userId: number, code: string, now = new Date()): Promise<EnrolResult> {
  const hadFactors = (await secondFactors(db, userId)).length > 0;
  if (!(await checkTotp(db, { userId, code, now, confirming: true }))) return { ok: false };
  return { ok: true, recoveryCodes: await codesIfFirst(db, userId, hadFactors, now) };
}

/** Stores a passkey the browser created for our challenge. */
export async function addPasskey(
  db: Database,
  rp: RelyingParty,
  userId: number,
  response: RegistrationResponseJSON,
  now = new Date(),
  name: string | null = null,
): Promise<EnrolResult> {
  const hadFactors = (await secondFactors(db, userId)).length > 0;
  if (!(await registerPasskey(db, rp, userId, response, now, name))) return { ok: false };
  return { ok: true, recoveryCodes: await codesIfFirst(db, userId, hadFactors, now) };
}

/** Removes one passkey; with it the last factor, two-factor sign-in is off and the codes go too. */
export async function removeOnePasskey(db: Database, userId: number, passkeyId: number): Promise<boolean> {
  if (!(await removePasskey(db, userId, passkeyId))) return false;
  await dropCodesWithoutFactors(db, userId);
  return true;
}
