import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import type { Database } from "../../../db/client";
import { failureLimitReached, hitRateLimit } from "../../security/rate-limits";
import { authenticate } from "../accounts";
import { redeemCode } from "../verification";
import {
  createPendingSignIn,
  failPendingSignIn,
  finishPendingSignIn,
  type PendingSignIn,
  readPendingSignIn,
} from "./challenges";
import { type RelyingParty, verifyPasskeySignIn } from "./passkeys";
import { recordReauthentication } from "./recent-sign-in";
import { redeemRecoveryCode } from "./recovery-codes";
import { checkTotp } from "./totp";
import { type SecondFactor, secondFactors } from "./two-factor";

/**
 * After a right password or e-mailed code: null when the account has no second factor (the
 * session may start), else the pending token and the factors that may finish the sign-in.
 */
export async function secondStepOwed(
  db: Database,
  input: PendingSignIn & { now?: Date },
): Promise<{ pendingToken: string; methods: SecondFactor[] } | null> {
  const methods = await secondFactors(db, input.userId);
  if (methods.length === 0) return null;
  return { pendingToken: await createPendingSignIn(db, input), methods };
}

export type StepResult =
  | { ok: true; userId: number; used: SecondFactor }
  | { ok: false; reason: "expired" | "wrong" }
  | { ok: false; reason: "wait"; retryAfterSeconds: number };

/** Limits that count only failures: the account's, and the client address's. */
async function waitFor(db: Database, subjects: { userId?: number; client: string }, now: Date) {
  const byAccount =
    subjects.userId === undefined
      ? null
      : await failureLimitReached(db, "secondFactorFailuresPerAccount", String(subjects.userId), now);
  return byAccount ?? (await failureLimitReached(db, "secondFactorFailuresPerIp", subjects.client, now));
}

async function countFailure(db: Database, subjects: { userId?: number; client: string }, now: Date) {
  if (subjects.userId !== undefined) {
    await hitRateLimit(db, "secondFactorFailuresPerAccount", String(subjects.userId), now);
  }
  await hitRateLimit(db, "secondFactorFailuresPerIp", subjects.client, now);
}

/** Finishes a pending sign-in with an authenticator code or a recovery code. */
export async function finishWithCode(
  db: Database,
  input: { pendingToken: string; totpCode?: string; recoveryCode?: string; client: string; now?: Date },
): Promise<StepResult> {
  const now = input.now ?? new Date();
  const pending = await readPendingSignIn(db, input.pendingToken, now);
  if (!pending) return { ok: false, reason: "expired" };
  const subjects = { userId: pending.userId, client: input.client };
  const wait = await waitFor(db, subjects, now);
  if (wait !== null) return { ok: false, reason: "wait", retryAfterSeconds: wait };
  const used: SecondFactor | null =
    input.totpCode !== undefined && (await checkTotp(db, { userId: pending.userId, code: input.totpCode, now }))
      ? "totp"
      : input.recoveryCode !== undefined && (await redeemRecoveryCode(db, pending.userId, input.recoveryCode, now))
        ? "recovery_code"
        : null;
  if (!used) {
    await failPendingSignIn(db, input.pendingToken);
    await countFailure(db, subjects, now);
    return { ok: false, reason: "wrong" };
  }
  if (!(await finishPendingSignIn(db, input.pendingToken))) return { ok: false, reason: "expired" };
  return { ok: true, userId: pending.userId, used };
}

/**
 * Signs in with a passkey: alone (passwordless), or as the second factor of a pending sign-in,
 * when it must be one of that account's keys.
 */
export async function finishWithPasskey(
  db: Database,
  rp: RelyingParty,
  input: { response: AuthenticationResponseJSON; pendingToken?: string; client: string; now?: Date },
): Promise<StepResult> {
  const now = input.now ?? new Date();
  const pending = input.pendingToken ? await readPendingSignIn(db, input.pendingToken, now) : null;
  if (input.pendingToken && !pending) return { ok: false, reason: "expired" };
  const subjects = { userId: pending?.userId, client: input.client };
  const wait = await waitFor(db, subjects, now);
  if (wait !== null) return { ok: false, reason: "wait", retryAfterSeconds: wait };
  const userId = await verifyPasskeySignIn(db, rp, input.response, { userId: pending?.userId, now });
  if (userId === null) {
    if (input.pendingToken) await failPendingSignIn(db, input.pendingToken);
    await countFailure(db, subjects, now);
    return { ok: false, reason: "wrong" };
  }
  if (input.pendingToken && !(await finishPendingSignIn(db, input.pendingToken)))
    return { ok: false, reason: "expired" };
  return { ok: true, userId, used: "passkey" };
}

export type ConfirmResult =
  | { ok: true }
  | { ok: false; reason: "wrong_password" | "wrong_code" }
  | { ok: false; reason: "wait"; retryAfterSeconds: number };

/** The owner proves themselves again in a session (password or e-mailed sign-in code) before a 2FA change. */
export async function confirmIdentity(
  db: Database,
  input: { sessionId: number; userId: number; email: string | null; password?: string; code?: string; now?: Date },
): Promise<ConfirmResult> {
  const now = input.now ?? new Date();
  const subject = String(input.userId);
  const wait = await failureLimitReached(db, "reauthFailuresPerAccount", subject, now);
  if (wait !== null) return { ok: false, reason: "wait", retryAfterSeconds: wait };
  // An account-number account has neither a password nor an address (decision 042): only a fresh sign-in counts.
  const proved =
    input.email === null
      ? false
      : input.code !== undefined
        ? (await redeemCode(db, { email: input.email, purpose: "login", code: input.code, now })).ok
        : (await authenticate(db, input.email, input.password ?? "")) !== null;
  if (!proved) {
    await hitRateLimit(db, "reauthFailuresPerAccount", subject, now);
    return { ok: false, reason: input.code !== undefined ? "wrong_code" : "wrong_password" };
  }
  await recordReauthentication(db, input.sessionId, now);
  return { ok: true };
}
