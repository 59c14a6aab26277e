import { randomInt } from "node:crypto";
import { and, count, eq, isNull } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { recoveryCodes } from "../../../db/schema";
import { sha256 } from "../../security/tokens";

export const RECOVERY_CODE_COUNT = 10;
// No 0/o, 1/l/i: a code copied from paper reads one way only.
const ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz";

/** Ten characters (about 49 bits) shown as xxxxx-xxxxx. */
export function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** What the owner typed, as stored: case, spaces and hyphens do not matter. */
export function normaliseRecoveryCode(input: string): string {
  return input.toLowerCase().replace(/[\s-]/g, "");
}

const hashOf = (userId: number, code: string) => sha256(`${userId}|recovery|${normaliseRecoveryCode(code)}`);

/** A new set of codes, replacing any earlier set; the plain codes are returned once, to show. */
export async function replaceRecoveryCodes(db: Database, userId: number, now = new Date()): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx
      .insert(recoveryCodes)
      .values(codes.map((code) => ({ userId, codeHash: hashOf(userId, code), createdAt: now })));
  });
  return codes;
}

/** Uses one code: true once, and never again for the same code. */
export async function redeemRecoveryCode(db: Database, userId: number, code: string, now = new Date()) {
  if (normaliseRecoveryCode(code).length !== 10) return false;
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, hashOf(userId, code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return used.length === 1;
}

export async function unusedRecoveryCodes(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ left: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return Number(row?.left ?? 0);
}
