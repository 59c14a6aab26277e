import type { Database } from "../../db/client";
import { claimPasswordAttempt, forgetLoginFailures } from "../security/rate-limits";
import { type Account, authenticate, findAccountByEmail } from "./accounts";
import { proveAddress } from "./prove-address";
import { redeemCode } from "./verification";

export type SignInResult =
  | { ok: true; account: Account; method: "code" | "password" }
  | { ok: false; reason: "wrong_password" | "wrong_code" }
  | { ok: false; reason: "wait"; retryAfterSeconds: number };

/**
 * Signs in with an e-mailed code or a password (the captcha is the caller's, checked first).
 * A code proves the address and never waits on password failures, so the owner gets in however
 * many wrong passwords others tried; a password attempt waits out the address's growing delay.
 * Every refusal reads the same for an address with or without an account.
 */
export async function signIn(
  db: Database,
  input: { email: string; password?: string; code?: string; now?: Date },
): Promise<SignInResult> {
  const now = input.now ?? new Date();
  if (input.code !== undefined) {
    const used = await redeemCode(db, { email: input.email, purpose: "login", code: input.code, now });
    const found = used.ok ? await findAccountByEmail(db, input.email) : undefined;
    if (!found) return { ok: false, reason: "wrong_code" };
    await proveAddress(db, { userId: found.id, now });
    const account = (await findAccountByEmail(db, input.email)) ?? found;
    return { ok: true, account, method: "code" };
  }
  const attempt = await claimPasswordAttempt(db, input.email, now);
  if (!attempt.allowed) return { ok: false, reason: "wait", retryAfterSeconds: attempt.retryAfterSeconds };
  const account = await authenticate(db, input.email, input.password ?? "");
  if (!account) return { ok: false, reason: "wrong_password" };
  await forgetLoginFailures(db, input.email);
  return { ok: true, account, method: "password" };
}
