import { and, eq, isNotNull } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { passkeys, recoveryCodes, totpSecrets } from "../../../db/schema";
import { listPasskeys } from "./passkeys";
import { unusedRecoveryCodes } from "./recovery-codes";

export type SecondFactor = "totp" | "passkey" | "recovery_code";

/** Which second factors an account has in force; none means two-factor sign-in is off. */
export async function secondFactors(db: Database, userId: number): Promise<SecondFactor[]> {
  const [totp] = await db
    .select({ userId: totpSecrets.userId })
    .from(totpSecrets)
    .where(and(eq(totpSecrets.userId, userId), isNotNull(totpSecrets.enabledAt)));
  const [key] = await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, userId)).limit(1);
  return twoFactorMethods({ totp: Boolean(totp), passkeys: key ? 1 : 0 });
}

/** Pure: the ways a pending sign-in may be finished; recovery codes only once 2FA is on. */
export function twoFactorMethods(input: { totp: boolean; passkeys: number }): SecondFactor[] {
  const methods: SecondFactor[] = [];
  if (input.totp) methods.push("totp");
  if (input.passkeys > 0) methods.push("passkey");
  if (methods.length > 0) methods.push("recovery_code");
  return methods;
}

/** What the account card shows. */
export async function twoFactorStatus(db: Database, userId: number) {
  const [totp] = await db
    .select({ enabledAt: totpSecrets.enabledAt })
    .from(totpSecrets)
    .where(and(eq(totpSecrets.userId, userId), isNotNull(totpSecrets.enabledAt)));
  const keys = await listPasskeys(db, userId);
  return {
    enabled: Boolean(totp) || keys.length > 0,
    totpEnabledAt: totp?.enabledAt ?? null,
    passkeys: keys,
    recoveryCodesLeft: await unusedRecoveryCodes(db, userId),
  };
}

/** Turns two-factor sign-in off: the authenticator, every passkey and the recovery codes go. */
export async function turnOffTwoFactor(db: Database, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(totpSecrets).where(eq(totpSecrets.userId, userId));
    await tx.delete(passkeys).where(eq(passkeys.userId, userId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  });
}

/** After a factor was removed: with none left, the recovery codes have nothing to stand in for. */
export async function dropCodesWithoutFactors(db: Database, userId: number): Promise<void> {
  if ((await secondFactors(db, userId)).length === 0) {
    await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  }
}
